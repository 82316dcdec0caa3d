import { describe, expect, test } from 'vitest';
import { InlineJobRunner } from '../../../tui/jobs/inline-runner.js';
import { runTui } from '../../../tui/run.js';
import { receiptsWorkspace as receipts } from '../../helpers/receipts.js';
import { useTempDir } from '../../helpers/temp.js';

describe('the TUI’s jobs under a matcher module', () => {
  const tmp = useTempDir();

  test.each([
    ['metrics', {}],
    ['rank', {}],
    ['prune', {}],
    ['eval', {}],
    ['examples', {}],
    ['preview', { ruleId: 'total', pattern: 'TOTAL (\\d+\\.\\d+)' }],
  ] as const)('%s scores with the module given to the runner, and names --matchers without it', async (kind, args) => {
    const { ws, module } = await receipts(tmp.path);
    const without = new InlineJobRunner(ws, 'receipts');
    await expect(without.run(kind, args).promise).rejects.toMatchObject({ message: expect.stringMatching(/unknown matcher "same_number".*--matchers/) });
    const withModule = new InlineJobRunner(ws, 'receipts', module);
    const result = await withModule.run(kind, args).promise;
    expect(result).toBeTruthy();
    if (kind === 'eval') expect(result).toMatchObject({ micro: { tp: 4, fp: 0, fn: 0 } });
    ws.close();
  });

  test('runTui refuses a module that is not there before drawing anything', async () => {
    const { ws } = await receipts(tmp.path);
    ws.close();
    let drawn = '';
    const stdout = { isTTY: false, columns: 80, rows: 24, write: (s: string) => ((drawn += s), true), on: () => stdout, off: () => stdout } as unknown as NodeJS.WriteStream;
    await expect(runTui({ db: tmp.path('w.db'), matchers: 'missing.mjs', cwd: tmp.dir(), stdout })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(drawn).toBe('');
  });
});
