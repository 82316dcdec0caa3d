import { performance } from 'node:perf_hooks';
import { describe, expect, test } from 'vitest';
import { InlineJobRunner } from '../../../tui/jobs/inline-runner.js';
import { JobCancelled, JobError } from '../../../tui/jobs/job-runner.js';
import { WorkerJobRunner, workerScript } from '../../../tui/jobs/worker-runner.js';
import { TEST_JOB_TABLE, testWorkerScript, type TestJobs } from '../../helpers/test-jobs.js';
import { demoWorkspace } from '../fixtures.js';
import { useTemplateWorkspace } from '../harness.js';

describe('background jobs', () => {
  const tmp = useTemplateWorkspace((ws) => demoWorkspace(ws, { metrics: false }));

  test('the worker runs off the UI thread, on its own connection to the same workspace', async () => {
    const ws = tmp.open();
    expect(workerScript()).toMatch(/dist[\\/]tui[\\/]jobs[\\/]worker\.js$/);
    const runner = new WorkerJobRunner<TestJobs>(ws.path, 'banking77', testWorkerScript());
    const job = runner.run('count', {});
    // The UI thread stays free while the job works: timers keep firing.
    let ticks = 0;
    const t = setInterval(() => ticks++, 5);
    const started = performance.now();
    const result = await job.promise;
    clearInterval(t);
    expect(result).toBe(500);
    expect(ticks).toBeGreaterThan(0);
    expect(performance.now() - started).toBeLessThan(30_000);
    runner.close();
  });

  test('metrics computed in a worker are stored where the UI reads them, with progress and errors crossing back', async () => {
    const ws = tmp.open();
    const runner = new WorkerJobRunner<TestJobs>(ws.path, 'banking77', testWorkerScript());
    expect(ws.dataset().rulesOverview().computed_at).toBeNull();
    const r = await runner.run('metrics', {}).promise;
    expect(r).toMatchObject({ rules: 8, split: 'dev' });
    expect(ws.dataset().rulesOverview().computed_at).not.toBeNull();
    const failed = runner.run('preview', { ruleId: 'missing', pattern: 'x' }).promise;
    await expect(failed).rejects.toBeInstanceOf(JobError);
    await expect(failed).rejects.toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining('no rule "missing"') });
    // @ts-expect-error an unknown name is refused by the types, and by the worker at run time
    await expect(runner.run('nope', {}).promise).rejects.toThrow(/no job "nope": the jobs are echo, count, metrics/);
    const seen: unknown[] = [];
    expect(await runner.run('echo', { value: 'done', steps: 3 }, (p) => seen.push(p)).promise).toBe('done');
    expect(seen).toEqual([{ step: 1 }, { step: 2 }, { step: 3 }]);
    runner.close();
  });

  test.each([
    ['worker', (path: string) => new WorkerJobRunner<TestJobs>(path, 'banking77', testWorkerScript())],
    ['inline', (_path: string, ws: ReturnType<typeof tmp.open>) => new InlineJobRunner<TestJobs>(ws, 'banking77', undefined, TEST_JOB_TABLE)],
  ] as const)('the %s runner cancels: the promise rejects and no result arrives', async (_name, make) => {
    const ws = tmp.open();
    const runner = make(ws.path, ws);
    const job = runner.run('echo', { value: 1, ms: 2000 });
    job.cancel();
    await expect(job.promise).rejects.toBeInstanceOf(JobCancelled);
    const quick = await runner.run('echo', { value: 'ok' }).promise;
    expect(quick).toBe('ok');
    runner.close();
  });
});
