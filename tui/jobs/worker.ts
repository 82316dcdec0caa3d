/** Worker-thread entry of a background job: serves one job of the app's table. */
import { workerData } from 'node:worker_threads';
import { JOBS } from './jobs.js';
import { serveJob, type WorkerInput } from './serve-job.js';

void serveJob(workerData as WorkerInput, JOBS);
