import { describe, expect, test } from 'vitest';
import { CliContext } from '../../src/cli/context.js';
import { receiptsWorkspace } from '../helpers/receipts.js';
import { useTempDir } from '../helpers/temp.js';

const io = (cwd: string) => ({ stdout: { write: () => true }, stderr: { write: () => true }, env: {}, cwd });

describe('the command context', () => {
  const tmp = useTempDir();

  test('withDataset opens the dataset named, with the matcher module resolved against the io cwd, once for the command', async () => {
    const { ws } = await receiptsWorkspace(tmp.path);
    ws.createDataset({ name: 'other', type: 'classification' });
    ws.close();
    const ctx = new CliContext(io(tmp.dir()));
    const r = await ctx.withDataset({ db: 'w.db', dataset: 'receipts', matchers: 'm.mjs' }, async (d) => {
      const first = await d.evaluate({ split: 'dev' });
      return { name: d.name, first, module: await d.matchersModule(), rules: d.listRules().rules.length };
    });
    expect(r).toMatchObject({ name: 'receipts', first: { micro: { tp: 4 } }, module: { path: tmp.path('m.mjs') }, rules: 1 });
  });

  test.each([
    [{}, /2 datasets \(other, receipts\): make one current with `rulewright use other`, or pass --dataset NAME/],
    [{ dataset: 'nope' }, /no dataset "nope" in .*: the datasets are other, receipts/],
  ])('withDataset with %j fails with the names to choose from', async (sel, message) => {
    const { ws } = await receiptsWorkspace(tmp.path);
    ws.createDataset({ name: 'other', type: 'classification' });
    ws.close();
    const ctx = new CliContext(io(tmp.dir()));
    await expect(ctx.withDataset({ db: 'w.db', ...sel }, (d) => d.stats())).rejects.toThrow(message);
  });
});
