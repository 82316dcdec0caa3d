import { parentPort } from 'node:worker_threads';
import { Workspace } from '../../src/service/index.js';
import { type JobMessage, toFailure } from './job-runner.js';
import { runJob, type JobTable } from './jobs.js';

export interface WorkerInput {
  readonly kind: string;
  readonly db: string;
  readonly dataset: string | undefined;
  readonly matchers?: string | undefined;
  readonly args: unknown;
}

const post = (m: JobMessage) => parentPort?.postMessage(m);

/**
 * The body of a worker thread: opens its own connection to the workspace file (SQLite in WAL
 * mode lets it read and write beside the UI's connection), runs one job of `table` and posts
 * progress and the result back. The app's worker serves `JOBS`; a test's worker serves more.
 */
export async function serveJob(input: WorkerInput, table: JobTable): Promise<void> {
  let ws: Workspace | undefined;
  try {
    ws = Workspace.open({ db: input.db });
    const data = ws.dataset(input.dataset, { matchers: input.matchers });
    const result = await runJob(
      input.kind,
      { ws, dataset: input.dataset, data, progress: (p) => post({ type: 'progress', data: p }) },
      input.args,
      table,
    );
    post({ type: 'done', result });
  } catch (e) {
    post({ type: 'error', error: toFailure(e) });
  } finally {
    ws?.close();
  }
}
