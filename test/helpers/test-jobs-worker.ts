/** Worker-thread entry for the runner tests: serves the app's jobs plus the test jobs. */
import { workerData } from 'node:worker_threads';
import { serveJob, type WorkerInput } from '../../tui/jobs/serve-job.js';
import { TEST_JOB_TABLE } from './test-jobs.js';

void serveJob(workerData as WorkerInput, TEST_JOB_TABLE);
