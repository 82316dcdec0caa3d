import { writeFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { commandHint } from '../../src/cli/hint.js';
import { CARD_ROWS, CARD_RULES, cardWorkspace } from '../helpers/fixtures.js';
import { useTempDir } from '../helpers/temp.js';
import { type CliRun, runCliAt } from './helpers.js';

/** The words of the `Next:` hint `run` printed (the hint's command, up to its explanation), as a shell splits them. */
function nextHint(run: CliRun): string[] {
  const line = run.stdout.split('\n').find((l) => l.startsWith('Next: '));
  if (!line) throw new Error(`no Next: hint in\n${run.stdout}`);
  const words: string[] = [];
  for (const m of line.slice('Next: '.length).matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g)) words.push(m[1] !== undefined ? m[1].replace(/'\\''/g, "'") : m[2]!);
  expect(words[0]).toBe('rulewright');
  // The explanation after the command starts with a word that is no flag value and no command word.
  const end = words.findIndex((w, i) => i > 0 && ['disables', 'restores', 'shows'].includes(w));
  return words.slice(1, end < 0 ? undefined : end);
}

describe('hints that are true', () => {
  const tmp = useTempDir();

  test('the prune --dead hint repeats --dead, and running it disables what it said', async () => {
    const db = 'my work.db';
    cardWorkspace(tmp.path(db), CARD_ROWS, CARD_RULES.filter((r) => r.id !== 'card')).close();
    const dry = await runCliAt(tmp.dir(), ['prune', '--dead', '--split', 'dev', '--db', db]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('disables 1 rule');
    const hint = nextHint(dry);
    expect(hint).toEqual(['prune', '--apply', '--dead', '--split', 'dev', '--db', db]);
    const applied = await runCliAt(tmp.dir(), hint);
    expect(applied.code).toBe(0);
    expect(applied.stdout).toMatch(/^applied/);
    expect(applied.stdout).toContain('with 1 rule removed');
    // The undo hint it prints restores them.
    const undo = await runCliAt(tmp.dir(), nextHint(applied));
    expect(undo.code).toBe(0);
    expect(undo.stdout).toContain('1 rule restored');
  });

  test('prune --apply with an empty plan does not say dry run, and gives no apply hint', async () => {
    cardWorkspace(tmp.path('w.db'), CARD_ROWS, CARD_RULES.filter((r) => r.id !== 'card')).close();
    const r = await runCliAt(tmp.dir(), ['prune', '--apply', '--db', 'w.db']);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/dry run/);
    expect(r.stdout).toMatch(/^nothing applied/);
    expect(r.stdout).not.toContain('Next:');
  });

  test('nothing to undo exits 1; an op that does not exist exits 2', async () => {
    cardWorkspace(tmp.path('w.db')).close();
    const none = await runCliAt(tmp.dir(), ['undo', '--db', 'w.db']);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/nothing to undo/);
    expect((await runCliAt(tmp.dir(), ['undo', '--op', '99', '--db', 'w.db'])).code).toBe(2);
  });

  test('the rank hint runs prune on the same split and workspace', async () => {
    cardWorkspace(tmp.path('w.db')).close();
    const rank = await runCliAt(tmp.dir(), ['rank', '--split', 'dev', '--db', 'w.db']);
    const hint = nextHint(rank);
    expect(hint).toEqual(['prune', '--split', 'dev', '--db', 'w.db']);
    const plan = await runCliAt(tmp.dir(), hint);
    expect(plan.code).toBe(0);
    expect(plan.stdout).toMatch(/^dry run · intents · judged on dev/);
  });

  test('the init hint imports into the new dataset of the same workspace', async () => {
    const init = await runCliAt(tmp.dir(), ['init', '--name', 'notes', '--type', 'classification', '--db', 'w.db']);
    const hint = nextHint(init);
    expect(hint).toEqual(['import', 'FILE', '--dataset', 'notes', '--db', 'w.db']);
    // A second dataset: the hint must name its own for the import to go there.
    expect((await runCliAt(tmp.dir(), ['init', '--name', 'other', '--type', 'classification', '--db', 'w.db'])).code).toBe(0);
    writeFileSync(tmp.path('n.jsonl'), '{"id": "n1", "text": "hello", "label": "greet"}\n');
    const r = await runCliAt(tmp.dir(), hint.map((w) => (w === 'FILE' ? 'n.jsonl' : w)));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('into notes');
  });

  test.each<[string[], Record<string, string | boolean | undefined>, string]>([
    [['prune', '--apply'], { '--dead': true, '--duplicates': false, '--db': 'my work.db' }, "rulewright prune --apply --dead --db 'my work.db'"],
    [['undo'], { '--op': undefined, '--dataset': "it's" }, "rulewright undo --dataset 'it'\\''s'"],
  ])('commandHint(%j, %j) is %s', (words, flags, want) => {
    expect(commandHint(words, flags)).toBe(want);
  });
});
