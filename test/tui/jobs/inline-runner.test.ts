import { rmSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { InlineJobRunner } from '../../../tui/jobs/inline-runner.js';
import { receiptsWorkspace } from '../../helpers/receipts.js';
import { useTempDir } from '../../helpers/temp.js';

describe('the in-process job runner', () => {
  const tmp = useTempDir();

  test('opens the dataset once for every job: the matcher module loaded by the first job serves the next ones', async () => {
    const { ws, module } = await receiptsWorkspace(tmp.path);
    const jobs = new InlineJobRunner(ws, 'receipts', module);
    expect(await jobs.run('eval', { split: 'dev' }).promise).toMatchObject({ micro: { tp: 4, fp: 0, fn: 0 } });
    rmSync(module);
    expect(await jobs.run('metrics', {}).promise).toMatchObject({ f1: 1 });
    expect(await jobs.run('examples', { split: 'dev' }).promise).toMatchObject({ counts: { correct: 4 } });
    // A runner of its own opens the dataset afresh, and the module is gone.
    await expect(new InlineJobRunner(ws, 'receipts', module).run('metrics', {}).promise).rejects.toMatchObject({ message: expect.stringContaining('no matcher module') });
    jobs.close();
    ws.close();
  });

  test('a dataset that does not resolve fails the jobs that need it, with the names there are', async () => {
    const { ws } = await receiptsWorkspace(tmp.path);
    const jobs = new InlineJobRunner(ws, 'nope');
    await expect(jobs.run('rank', {}).promise).rejects.toMatchObject({ message: expect.stringMatching(/no dataset "nope".*the datasets are receipts/) });
    ws.close();
  });
});
