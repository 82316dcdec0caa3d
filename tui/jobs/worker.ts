/**
 * Worker-thread entry of a background job: opens its own connection to the workspace file
 * (SQLite in WAL mode lets it read and write beside the UI's connection), runs one job from
 * the table and posts progress and the result back.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Workspace } from '../../src/service/index.js';
import { type JobMessage, toFailure } from './job-runner.js';
import { runJob } from './jobs.js';

export interface WorkerInput {
  readonly kind: string;
  readonly db: string;
  readonly dataset: string | undefined;
  readonly matchers?: string | undefined;
  readonly args: unknown;
}

const post = (m: JobMessage) => parentPort?.postMessage(m);

async function main(input: WorkerInput): Promise<void> {
  let ws: Workspace | undefined;
  try {
    ws = Workspace.open({ db: input.db });
    const result = await runJob(
      input.kind,
      { ws, dataset: input.dataset, matchers: input.matchers, progress: (data) => post({ type: 'progress', data }) },
      input.args,
    );
    post({ type: 'done', result });
  } catch (e) {
    post({ type: 'error', error: toFailure(e) });
  } finally {
    ws?.close();
  }
}

void main(workerData as WorkerInput);
