import { describe, expect, test } from 'vitest';
import { KeywordList } from '../bench/learning/keyword-list.js';
import { useTempDir } from '../helpers/temp.js';
import { skewedMessages } from '../learn/induce/fixtures.js';
import { json, runCli, succeeding, writeJsonl } from './helpers.js';

interface ListedRule {
  id: string;
  name: string;
  label: string;
  pattern: string;
  status: string;
  priority: number;
}

const run = succeeding(runCli);
const DEFAULT_PATTERN = '^[\\s\\S]';

describe('rulewright learn on a skewed binary set', () => {
  const tmp = useTempDir();
  const train = skewedMessages(1, 400, 0.13, 'train');
  const test_ = skewedMessages(3, 600, 0.13, 'test');

  /** A workspace with the set imported (train and test; learn makes its own dev split). */
  async function workspace(): Promise<string> {
    const db = tmp.path('w.db');
    await run(['init', '--name', 'sms', '--type', 'classification', '--labels', 'ham,spam', '--db', db]);
    await run(['import', writeJsonl(tmp.path('sms.jsonl'), [...train, ...test_]), '--db', db]);
    return db;
  }
  const activeRules = async (db: string) => json<{ rules: ListedRule[] }>(await runCli(['rules', 'list', '--json', '--db', db])).rules.filter((r) => r.status === 'active');

  test('the majority class is a default rule at the lowest priority, most other rules are the minority class\'s, and spam F1 is at least the keyword list\'s', async () => {
    const db = await workspace();
    const learned = await run(['learn', '--offline', '--db', db]);
    expect(learned.stdout).toMatch(/note: default: ham \(the most frequent label, 8\d % of train\): texts no rule labels are ham/);
    const rules = await activeRules(db);
    const defaults = rules.filter((r) => r.pattern === DEFAULT_PATTERN);
    expect(defaults.map((r) => r.label)).toEqual(['ham']);
    expect(defaults[0]!.priority).toBeLessThan(Math.min(...rules.filter((r) => r !== defaults[0]).map((r) => r.priority)));
    // The majority class needs no rule of its own beyond a few exceptions kept above the minority's rules.
    const others = rules.filter((r) => r !== defaults[0]);
    expect(others.filter((r) => r.label === 'ham').length).toBeLessThan(others.filter((r) => r.label === 'spam').length);

    const ev = json<{ per_class: Record<string, { f1: number }> }>(await runCli(['eval', '--split', 'test', '--json', '--db', db]));
    const keywords = KeywordList.train(train.map((e) => ({ text: e.text!, label: e.label! })));
    let tp = 0;
    let fp = 0;
    let fn = 0;
    for (const e of test_) {
      const p = keywords.classify(e.text!);
      if (p === 'spam' && e.label === 'spam') tp++;
      else if (p === 'spam') fp++;
      else if (e.label === 'spam') fn++;
    }
    expect(ev.per_class.spam!.f1).toBeGreaterThanOrEqual((2 * tp) / (2 * tp + fp + fn));
  }, 120_000);

  test('--default-label names the default, and the default rule round-trips through export and import in both formats', async () => {
    const db = await workspace();
    const learned = await run(['learn', '--offline', '--default-label', 'Spam', '--db', db]);
    expect(learned.stdout).toMatch(/note: default: spam \(chosen with --default-label; 1\d % of train\)/);
    const [dflt] = (await activeRules(db)).filter((r) => r.pattern === DEFAULT_PATTERN);
    expect(dflt).toMatchObject({ label: 'spam' });
    for (const format of ['rulewright', 'rulechef']) {
      const file = tmp.path(`rules.${format}.json`);
      await run(['rules', 'export', file, '--format', format, '--db', db]);
      const other = tmp.path(`${format}.db`);
      await run(['init', '--name', 'again', '--type', 'classification', '--labels', 'ham,spam', '--db', other]);
      await run(['rules', 'import', file, '--db', other]);
      const back = (await activeRules(other)).filter((r) => r.label === 'spam' && r.priority === dflt!.priority && r.pattern === DEFAULT_PATTERN);
      expect(back).toHaveLength(1);
    }
  }, 120_000);

  test.each([['nope'], ['']])('--default-label %j is refused with the labels to choose from, and nothing is learned', async (label) => {
    const db = await workspace();
    const r = await runCli(['learn', '--offline', '--default-label', label, '--db', db]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--default-label ".*" is not a label of this dataset: use one of "ham", "spam"/);
    expect(await activeRules(db)).toEqual([]);
  }, 60_000);
});
