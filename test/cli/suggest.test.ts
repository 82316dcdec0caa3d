import { describe, expect, test } from 'vitest';
import { useTempDir } from '../helpers/temp.js';
import { bankMessages } from '../learn/induce/fixtures.js';
import { json, runCli, succeeding, writeJsonl } from './helpers.js';

interface Suggested {
  label: string;
  suggestions: { rank: number; name: string; train: { fires: number; right: number; precision: number | null }; catches: { id: string }[]; dev: { before: number | null; after: number | null } | null }[];
}

const run = succeeding(runCli);
const rows = bankMessages();

interface Next {
  failing: number;
  train: number;
  examples: { id: string; reason: string; gain: number; predicted: string | null; why: string }[];
}

describe('rulewright suggest', () => {
  const tmp = useTempDir();
  async function workspace(): Promise<string> {
    const db = tmp.path('w.db');
    await run(['init', '--name', 'bank', '--type', 'classification', '--labels', 'refund,card', '--db', db]);
    await run(['import', writeJsonl(tmp.path('bank.jsonl'), rows), '--db', db]);
    return db;
  }

  test('ranks rules from the example\'s own words with train figures and the dev F1 they bring, and --accept adds one above the rules', async () => {
    const db = await workspace();
    const got = json<Suggested>(await runCli(['suggest', '--example', 'a', '--json', '--db', db]));
    expect(got.label).toBe('refund');
    expect(got.suggestions[0]).toMatchObject({ rank: 1, name: 'refund <- "refund"', train: { fires: 3, right: 3, precision: 1 }, catches: [], dev: { before: 0, after: 2 / 3 } });
    // A second process reads the active rules' dev run from the workspace: the same figures.
    expect(json<Suggested>(await runCli(['suggest', '--example', 'a', '--json', '--db', db])).suggestions).toEqual(got.suggestions);
    const my = got.suggestions.find((s) => s.name === 'refund <- "my"');
    if (my) expect(my.catches.map((c) => c.id)).toEqual(['d', 'e', 'f']);
    const human = await run(['suggest', '--example', 'a', '--db', db]);
    expect(human.stdout).toMatch(/^a → refund: "my refund has not arrived"/);
    expect(human.stdout).toContain('rulewright suggest --example a --accept 1');
    const added = await run(['suggest', '--example', 'a', '--accept', '1', '--db', db]);
    expect(added.stdout).toMatch(/^Added rule sug-\S+ \(refund <- "refund"\) above the others in bank: right on 3 of 3 train texts/);
    const rules = json<{ rules: { name: string; provenance: string; status: string }[] }>(await runCli(['rules', 'list', '--json', '--db', db])).rules;
    expect(rules).toEqual([expect.objectContaining({ name: 'refund <- "refund"', provenance: 'human', status: 'active' })]);
  });

  test.each([
    [['--example', 'g'], /example g is in dev, held out from training.*rulewright correct --example g --expected-label LABEL --move-to-train/],
    [['--example', 'zz'], /no example "zz" in dataset "bank"/],
    [['--example', 'a', '--accept', '0'], /--accept takes a whole number of 1 or more, not "0"/],
    [['--example', 'a', '--accept', '99'], /there are \d+ suggestions for example a, not 99/],
  ])('%j fails with a message that says what to do', async (args, message) => {
    const db = await workspace();
    const r = await runCli(['suggest', ...args, '--db', db]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });

  test('--help shows examples', async () => {
    const r = await runCli(['suggest', '--help']);
    expect(r.stdout).toContain('rulewright suggest --example t26 --label billing --accept 1');
  });
});

describe('rulewright next', () => {
  const tmp = useTempDir();

  test('errors come first, by how much the best rule from their text lifts train F1, each with why', async () => {
    const db = tmp.path('w.db');
    await run(['init', '--name', 'bank', '--type', 'classification', '--labels', 'refund,card', '--db', db]);
    await run(['import', writeJsonl(tmp.path('bank.jsonl'), rows), '--db', db]);
    // "my" fires on refund texts too: a and b are wrong; c (no "my") is left unlabelled.
    await run(['rules', 'add', '--name', 'my', '--pattern', '\\bmy\\b', '--label', 'card', '--db', db]);
    const got = json<Next>(await runCli(['next', '--json', '--db', db]));
    expect(got).toMatchObject({ failing: 3, train: 6 });
    expect(got.examples.slice(0, 3).map((e) => [e.id, e.reason])).toEqual([
      ['a', 'wrong'],
      ['b', 'wrong'],
      ['c', 'abstain'],
    ]);
    expect(got.examples[0]).toMatchObject({ predicted: 'card', gain: 3, why: expect.stringMatching(/^the rules say card, gold refund; refund <- "refund" would fix 3 like it, train F1 \+0\.\d{3}$/) });
    const human = await run(['next', '--db', db]);
    expect(human.stdout).toMatch(/^bank: 3 train examples of 6 the active rules get wrong or leave unlabelled/);
    expect(human.stdout).toContain('rulewright suggest --example a');
  });

  test('an example the rules get right while another label\'s rule fires is a conflict', async () => {
    const db = tmp.path('w.db');
    await run(['init', '--name', 'bank', '--type', 'classification', '--labels', 'refund,card', '--db', db]);
    await run(['import', writeJsonl(tmp.path('bank.jsonl'), rows), '--db', db]);
    await run(['rules', 'add', '--name', 'refund', '--pattern', 'refund', '--label', 'refund', '--priority', '2', '--db', db]);
    await run(['rules', 'add', '--name', 'my', '--pattern', '\\bmy\\b', '--label', 'card', '--db', db]);
    const got = json<Next>(await runCli(['next', '--json', '--db', db]));
    expect(got.failing).toBe(0);
    expect(got.examples.find((e) => e.id === 'a')).toMatchObject({ reason: 'conflict', why: 'right, but rules of card fire too' });
  });
});

describe('rulewright suggest on a span task', () => {
  const tmp = useTempDir();
  const span = (id: string, text: string, money: string | null, split = 'train') => ({
    id,
    text,
    spans: money === null ? [] : [{ start: text.indexOf(money), end: text.indexOf(money) + money.length, label: 'MONEY' }],
    split,
  });
  const money = [
    span('m1', 'I paid $12.50 for lunch', '$12.50'),
    span('m2', 'The bill was $300 in total', '$300'),
    span('m3', 'She paid $4,500.00 for the car', '$4,500.00'),
    span('m4', 'We waited 14 days for it', null),
    span('m5', 'He paid $7 today', '$7', 'dev'),
  ];

  test('a selected span gets literal, shape and context rules; the label\'s shape generalises over the digit counts train has', async () => {
    const db = tmp.path('w.db');
    await run(['init', '--name', 'money', '--type', 'extraction', '--labels', 'MONEY', '--db', db]);
    await run(['import', writeJsonl(tmp.path('money.jsonl'), money), '--db', db]);
    const got = json<Suggested & { suggestions: { pattern: string }[] }>(await runCli(['suggest', '--example', 'm1', '--span', '7:13', '--json', '--db', db]));
    expect(got.label).toBe('MONEY');
    expect(got.suggestions[0]).toMatchObject({ train: { fires: 3, right: 3, precision: 1 }, dev: { before: 0, after: 1 } });
    expect(got.suggestions.map((s) => s.name)).toContain('MONEY <- "$12.50"');
    const missing = await runCli(['suggest', '--example', 'm1', '--db', db]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/say which span of example m1 to extract with --span START:END \(0 <= START < END <= 23\)/);
    expect((await runCli(['suggest', '--example', 'm1', '--span', '9:3', '--db', db])).stderr).toMatch(/--span takes START:END character offsets with START < END/);
  });

  test('next names the missed span a rule would mend most, with the suggest command for it', async () => {
    const db = tmp.path('w.db');
    await run(['init', '--name', 'money', '--type', 'extraction', '--labels', 'MONEY', '--db', db]);
    await run(['import', writeJsonl(tmp.path('money.jsonl'), money), '--db', db]);
    await run(['rules', 'add', '--name', 'days', '--pattern', '\\d+ days', '--label', 'MONEY', '--db', db]);
    const got = json<Next & { examples: { span?: { start: number; end: number; label: string; text: string } }[] }>(await runCli(['next', '--json', '--db', db]));
    expect(got).toMatchObject({ failing: 4, train: 4 });
    expect(got.examples[0]).toMatchObject({ reason: 'missed', label: 'MONEY', predicted: null, span: { label: 'MONEY' } });
    expect(got.examples.find((e) => e.id === 'm4')).toMatchObject({ reason: 'spurious', span: { text: '14 days', start: 10, end: 17 }, why: 'days extracts "14 days" as MONEY, which gold does not have (1 such on train)' });
    const first = got.examples[0]!;
    const human = await run(['next', '--db', db]);
    expect(human.stdout).toMatch(/^money: 4 train examples of 4 the active rules get wrong \(a missed or spurious span\)/);
    expect(human.stdout).toContain(`rulewright suggest --example ${first.id} --span ${first.span!.start}:${first.span!.end} --label MONEY`);
    const suggested = json<Suggested>(await runCli(['suggest', '--example', first.id, '--span', `${first.span!.start}:${first.span!.end}`, '--json', '--db', db]));
    expect(suggested.suggestions[0]!.train).toMatchObject({ gain: 3 });
  });
});
