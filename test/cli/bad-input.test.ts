import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { repoRoot } from '../helpers/shared.js';
import { useTempDir } from '../helpers/temp.js';
import { runBin, runCli, runCliAt, type CliRun } from './helpers.js';
import { MORE_CLASSES } from './bad-input-classes/index.js';
import type { BadInput } from './bad-input-classes/types.js';

/**
 * Every class of bad input a hostile user tried: what they gave, the exit code, a fragment of the
 * message, and the workspace exactly as it was. Where the message gives a command to paste (in
 * backticks) or names a flag, the fix is run too and must succeed: a hint that does not work is
 * a bug. The README's "Bad input" section lists these classes.
 */

const utf16 = (s: string, le: boolean, bom: boolean): Buffer => {
  const body = Buffer.from(s, 'utf16le');
  if (!le) body.swap16();
  return bom ? Buffer.concat([Buffer.from(le ? [0xff, 0xfe] : [0xfe, 0xff]), body]) : body;
};
const row = (o: object) => `${JSON.stringify(o)}\n`;
const good = row({ id: 'n1', text: 'where is my card', label: 'card' });
const nested = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
const lsTask = (value: object) => JSON.stringify([{ id: 7, data: { text: 'Ann Lee paid' }, annotations: [{ result: [{ type: 'labels', value }] }] }]);
const HUGE = 'a'.repeat(1_000_000);

const CLASSES: BadInput[] = [
  // --- files that are not what they claim
  { what: 'invalid UTF-8 bytes', bin: true, files: { 'latin1.jsonl': Buffer.concat([Buffer.from('{"id":"n1","text":"caf'), Buffer.from([0xe9]), Buffer.from('","label":"card"}\n')]) }, args: ['import', 'latin1.jsonl'], code: 2, fragment: 'latin1.jsonl:1: invalid UTF-8 at byte offset 22 (byte 0xE9', pasteThen: ['import', 'latin1.utf8.jsonl'] },
  { what: 'UTF-16 little-endian with a byte-order mark', files: { 'u16.jsonl': utf16(good, true, true) }, args: ['import', 'u16.jsonl'], code: 2, fragment: 'UTF-16 (little-endian, with a byte-order mark), not UTF-8: save it as UTF-8', pasteThen: ['import', 'u16.utf8.jsonl'] },
  { what: 'UTF-16 little-endian without a byte-order mark', files: { 'u16.jsonl': utf16(good, true, false) }, args: ['import', 'u16.jsonl'], code: 2, fragment: 'UTF-16 (little-endian, without a byte-order mark)', pasteThen: ['import', 'u16.utf8.jsonl'] },
  { what: 'UTF-16 big-endian with a byte-order mark', files: { 'u16.jsonl': utf16(good, false, true) }, args: ['import', 'u16.jsonl'], code: 2, fragment: 'UTF-16 (big-endian, with a byte-order mark)', pasteThen: ['import', 'u16.utf8.jsonl'] },
  { what: 'a binary file', files: { 'x.bin': Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0x2c, 0x0a, 0x3b, 0x09]) }, args: ['import', 'x.bin'], code: 2, fragment: 'x.bin:1: this is a binary file (a NUL byte at byte offset 7)' },
  { what: 'an empty file', files: { 'empty.jsonl': '' }, args: ['import', 'empty.jsonl'], code: 2, fragment: 'empty.jsonl: the file is empty (0 bytes)' },
  { what: 'an empty file with a format named', files: { 'empty.jsonl': '' }, args: ['import', 'empty.jsonl', '--format', 'jsonl'], code: 2, fragment: 'the file is empty' },
  { what: 'a file of blank lines', files: { 'blank.csv': '  \n\n\t\n' }, args: ['import', 'blank.csv'], code: 2, fragment: 'blank.csv: the file is empty (only blank space)' },
  { what: 'JSONL nested 20,000 levels deep', bin: true, files: { 'deep.jsonl': good + `{"id":"x","text":"t","label":"card","meta":{"a":${nested(20_000)}}}\n` }, args: ['import', 'deep.jsonl'], code: 2, fragment: 'deep.jsonl:2: the JSON nests more than 100 levels deep' },
  { what: 'a JSON document nested 20,000 levels deep', files: { 'deep.json': `[\n${nested(20_000)}]` }, args: ['import', 'deep.json'], code: 2, fragment: 'deep.json:2: the JSON nests more than 100 levels deep' },
  { what: 'a Label Studio export nested 20,000 levels deep', files: { 'deep.json': nested(20_000) }, args: ['import', 'deep.json', '--format', 'labelstudio'], code: 2, fragment: 'deep.json:1: the JSON nests more than 100 levels deep' },
  { what: 'CoNLL with one broken line', bin: true, files: { 'x.conll': 'Ann B-PER\nLee I-PER\npaid O\n\nBob B-PER\nLondon,\nsaw O\n' }, args: ['import', 'x.conll', '--name', 'ents'], code: 2, fragment: /^rulewright: x\.conll:6: expected "token<TAB>tag", found one column "London,".*\(read as conll, detected from the content; if it is another format, pass --format\)$/ },
  { what: 'CoNLL with a bad tag', files: { 'x.conll': 'Ann B-PER\nLee X-PER\npaid O\n' }, args: ['import', 'x.conll', '--name', 'ents', '--format', 'conll'], code: 2, fragment: 'x.conll:2: tag "X-PER"' },
  { what: 'Label Studio "end" that is not a number', files: { 'ls.json': lsTask({ start: 0, end: 'three', labels: ['PER'] }) }, args: ['import', 'ls.json', '--name', 'ents'], code: 2, fragment: 'task 0: annotations[0].result[0].value.end must be a whole-number character offset; found "three"' },
  { what: 'Label Studio "labels" that is not a list', files: { 'ls.json': lsTask({ start: 0, end: 3, labels: 'PER' }) }, args: ['import', 'ls.json', '--name', 'ents'], code: 2, fragment: 'task 0: annotations[0].result[0].value.labels must be a list of label names like ["PER"]; found "PER"' },
  { what: 'Label Studio "choices" that is not a list', files: { 'ls.json': lsTask({ choices: 'card' }) }, args: ['import', 'ls.json'], code: 2, fragment: 'value.choices must be a list of class names' },
  { what: 'Label Studio region with no "start"', files: { 'ls.json': lsTask({ end: 3, labels: ['PER'] }) }, args: ['import', 'ls.json', '--name', 'ents'], code: 2, fragment: 'value.start must be a whole-number character offset; found nothing' },
  { what: 'Label Studio task without "data"', files: { 'ls.json': JSON.stringify([{ id: 1, data: { text: 'x' } }, { id: 2 }]) }, args: ['import', 'ls.json', '--format', 'labelstudio'], code: 2, fragment: 'expected a task object with a "data" object' },
  { what: 'a JSON document of no known shape', files: { 'x.json': '[1, 2, 3]' }, args: ['import', 'x.json'], code: 2, fragment: 'cannot tell the format (a JSON array of non-objects); pass --format' },
  // --- CSV
  { what: 'CSV with no label column', bin: true, files: { 'x.csv': 'text,intent\nwhere is my card,card\n' }, args: ['import', 'x.csv'], code: 2, fragment: 'x.csv:1: no label column in the header ("text", "intent"); name it with --label-col COLUMN', fix: ['import', 'x.csv', '--label-col', 'intent'] },
  { what: 'CSV with no text column', files: { 'x.csv': 'utterance,label\nwhere is my card,card\n' }, args: ['import', 'x.csv'], code: 2, fragment: 'no "text" column in the header ("utterance", "label"); name the text column with --text-col COLUMN', fix: ['import', 'x.csv', '--text-col', 'utterance'] },
  { what: 'CSV --label-col naming a missing column', files: { 'x.csv': 'text,label\nwhere is my card,card\n' }, args: ['import', 'x.csv', '--label-col', 'intent'], code: 2, fragment: 'no column "intent" in the header ("text", "label"); check --label-col', fix: ['import', 'x.csv', '--label-col', 'label'] },
  { what: 'CSV row with too many fields', files: { 'x.csv': 'text,label\nok,card\nwhere, is, my card,card\n' }, args: ['import', 'x.csv'], code: 2, fragment: 'x.csv:3: ' },
  { what: 'CSV with an unclosed quote', files: { 'x.csv': 'text,label\n"where is my card,card\n' }, args: ['import', 'x.csv'], code: 2, fragment: 'x.csv:2: ' },
  { what: 'CSV spans column that is not JSON', files: { 'x.csv': 'text,spans\nAnn paid,[{start:0}]\n' }, args: ['import', 'x.csv', '--name', 'ents'], code: 2, fragment: 'the "spans" field is invalid JSON' },
  // --- JSONL rows
  { what: 'a JSONL line that is not JSON', files: { 'x.jsonl': `${good}{"id": "n2", "text": oops}\n` }, args: ['import', 'x.jsonl'], code: 2, fragment: 'x.jsonl:2: invalid JSON at column 22' },
  { what: 'a JSONL line that is not an object', files: { 'x.jsonl': `${good}[1, 2]\n` }, args: ['import', 'x.jsonl'], code: 2, fragment: 'x.jsonl:2: expected a JSON object on this line' },
  { what: 'a row with an unknown key', files: { 'x.jsonl': row({ id: 'n1', text: 'x', label: 'card', colour: 'red' }) }, args: ['import', 'x.jsonl'], code: 2, fragment: 'x.jsonl:1: invalid example: unknown key "colour"' },
  { what: 'a duplicate id within the file', files: { 'x.jsonl': good + good }, args: ['import', 'x.jsonl'], code: 2, fragment: 'x.jsonl:2: duplicate id "n1" (first used at x.jsonl:1)' },
  { what: 'an id the dataset already has', files: { 'x.jsonl': row({ id: 'a', text: 'again', label: 'card' }) }, args: ['import', 'x.jsonl'], code: 2, fragment: 'x.jsonl:1: duplicate id "a": the dataset already has an example with this id; give the row a new id, or import into another dataset with --name NEW', fix: ['import', 'x.jsonl', '--name', 'other'] },
  { what: 'an id the dataset already has, after many good rows', files: { 'x.jsonl': Array.from({ length: 12_000 }, (_, i) => row({ id: `m${i}`, text: 't', label: 'card' })).join('') + row({ id: 'b', text: 't', label: 'card' }) }, args: ['import', 'x.jsonl'], code: 2, fragment: 'x.jsonl:12001: duplicate id "b"' },
  { what: 'a duplicate id 12,000 rows after its first use', files: { 'x.jsonl': Array.from({ length: 12_000 }, (_, i) => row({ id: `m${i}`, text: 't', label: 'card' })).join('') + row({ id: 'm3', text: 't', label: 'card' }) }, args: ['import', 'x.jsonl'], code: 2, fragment: 'x.jsonl:12001: duplicate id "m3" (first used at x.jsonl:4)' },
  { what: 'a span past the end of its text', files: { 'x.jsonl': row({ id: 's1', text: 'Ann', spans: [{ start: 0, end: 9, label: 'PER' }] }) }, args: ['import', 'x.jsonl', '--name', 'ents'], code: 2, fragment: 'x.jsonl:1: spans[0] [0, 9) "PER" ends past the text (3 characters)' },
  { what: 'a span whose text differs from the offsets', files: { 'x.jsonl': row({ id: 's1', text: 'Ann Lee', spans: [{ start: 0, end: 3, label: 'PER', text: 'Lee' }] }) }, args: ['import', 'x.jsonl', '--name', 'ents'], code: 2, fragment: 'spans[0] text "Lee" differs from the text at [0, 3)' },
  { what: 'rows of two task types in one file', files: { 'x.jsonl': good + row({ id: 's1', text: 'Ann', spans: [] }) }, args: ['import', 'x.jsonl'], code: 2, fragment: 'one file holds one task type' },
  { what: 'a span file into a classification dataset', files: { 'x.jsonl': row({ id: 's1', text: 'Ann', spans: [{ start: 0, end: 3, label: 'PER' }] }) }, args: ['import', 'x.jsonl', '--dataset', 'd'], code: 2, fragment: 'task type classification expects a classification row' },
  { what: '--type that disagrees with the file', files: { 'x.jsonl': good }, args: ['import', 'x.jsonl', '--name', 'new', '--type', 'ner'], code: 2, fragment: 'task type ner expects a span row' },
  { what: 'a file that does not exist', args: ['import', 'nope.jsonl'], code: 2, fragment: 'nope.jsonl: no such file or folder; check the path' },
  { what: 'a folder that is no dataset layout', files: { 'dir/a.txt': 'x' }, args: ['import', 'dir'], code: 2, fragment: 'dir: a folder is read as SROIE (box/ and key/) or TAB (bks/ and anonymizations/)' },
  { what: 'an unknown --format', bin: true, files: { 'x.jsonl': good }, args: ['import', 'x.jsonl', '--format', 'xml'], code: 2, fragment: "option '--format <format>' argument 'xml' is invalid" },
  { what: '--type without --name', files: { 'x.jsonl': good }, args: ['import', 'x.jsonl', '--type', 'ner'], code: 2, fragment: '--type describes a new dataset: pass it with --name NAME', fix: ['import', 'x.jsonl', '--type', 'classification', '--name', 'more'] },
  { what: '--dataset and --name that disagree', files: { 'x.jsonl': good }, args: ['import', 'x.jsonl', '--dataset', 'd', '--name', 'other'], code: 2, fragment: '--dataset d and --name other disagree' },
  // --- echoed input is cut
  { what: 'a 1 MB pattern that does not compile', args: ['rules', 'add', '--name', 'huge', '--pattern', `(${HUGE}`, '--label', 'card'], code: 2, fragment: 'rule "huge" is rejected: too_large: the pattern is 1,000,001 characters long, past the limit of 10,000' },
  { what: 'a 1 MB rule id', args: ['rules', 'show', HUGE], code: 2, fragment: /no rule "a{190,200}… \(\d{6} more characters\)/ },
  { what: 'a 1 MB dataset name', args: ['stats', '--dataset', HUGE], code: 2, fragment: /no dataset "a{190,200}… \(\d{6} more characters\)/ },
  // --- rules
  { what: 'a pattern that backtracks catastrophically', bin: true, args: ['rules', 'add', '--name', 'evil', '--pattern', '(a+)+$', '--label', 'card'], code: 2, fragment: 'backtrack catastrophically' },
  { what: 'a rule id that does not exist', args: ['rules', 'show', 'nope'], code: 2, fragment: 'no rule "nope"' },
  // --- matchers
  { what: 'a matcher whose pattern backtracks catastrophically', args: ['task', 'set', '--matcher', 'card={"name":"regex","options":{"pattern":"(a+)+$"}}'], code: 2, fragment: 'matcher for "card": the pattern /^(?:(a+)+$)$/ is refused: the ReDoS screen found exponential backtracking' },
  { what: 'matcher options beside the matcher name', args: ['task', 'set', '--matcher', 'card={"name":"regex","pattern":"card"}'], code: 2, fragment: `--matcher card: "pattern" is not a key of a matcher reference; a matcher's options go under "options": '{"name":"regex","options":{"pattern":"card"}}'`, fix: ['task', 'set', '--matcher', 'card={"name":"regex","options":{"pattern":"card"}}'] },
  // --- the workspace
  { what: '--db that is a directory', files: { 'wsdir/keep': '' }, args: ['stats', '--db', 'wsdir'], code: 2, fragment: /wsdir is a directory, not a workspace file: pass the file inside it, e.g. --db \/.*\/wsdir\/rulewright\.db/, fix: ['init', '--name', 'x', '--type', 'ner', '--db', 'wsdir/rulewright.db'] },
  { what: '--db that is an empty file, to a read-only command', files: { 'zero.db': '' }, args: ['stats', '--db', 'zero.db'], code: 2, fragment: 'zero.db is an empty file (0 bytes), not a rulewright workspace' },
  { what: '--db that does not exist', bin: true, args: ['eval', '--db', 'none.db'], code: 2, fragment: /no workspace at .*none\.db: create one with `rulewright init --name NAME --type TYPE --db none\.db`/ },
  { what: '--db that is not SQLite', bin: true, files: { 'junk.db': 'x'.repeat(4096) }, args: ['stats', '--db', 'junk.db'], code: 1, fragment: 'not a rulewright workspace or is damaged' },
  { what: 'a --dataset that does not exist', args: ['stats', '--dataset', 'nope'], code: 2, fragment: 'no dataset "nope"' },
  { what: 'an unknown --split', args: ['eval', '--split', 'holdout'], code: 2, fragment: "argument 'holdout' is invalid" },
  { what: 'a --dev fraction out of range', args: ['split', '--dev', '1.5'], code: 2, fragment: '--dev must be a fraction in [0, 1)' },
  ...MORE_CLASSES,
];

/** Every table's rows (but SQLite's own counters), or what the file is when it is not a workspace. */
function snapshot(dir: string): string {
  const db = join(dir, 'w.db');
  const parts: string[] = [];
  for (const f of ['w.db', 'zero.db', 'none.db', 'wsdir/rulewright.db']) {
    const p = join(dir, f);
    parts.push(`${f}: ${existsSync(p) ? statSync(p).size > 0 : 'absent'}`);
  }
  const conn = new Database(db, { readonly: true });
  try {
    const tables = conn.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'sqlite_sequence' ORDER BY name").pluck().all() as string[];
    for (const t of tables) parts.push(`${t}: ${JSON.stringify(conn.prepare(`SELECT * FROM "${t}" ORDER BY rowid`).all())}`);
  } finally {
    conn.close();
  }
  return parts.join('\n');
}

describe('bad input: exit code, a message that says what and how, and nothing written', () => {
  const tmp = useTempDir();
  // one seeded workspace, copied for each class (useTempDir would remove it after the first test)
  let dir = '';
  let templateDb = '';
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rulewright-template-'));
    const cli = (...args: string[]) => runCli([...args, '--db', join(dir, 'w.db')]);
    writeFileSync(join(dir, 'seed.jsonl'), ['a', 'b', 'c'].map((id) => row({ id, text: `card ${id}`, label: 'card' })).join(''));
    for (const args of [
      ['init', '--name', 'd', '--type', 'classification'],
      ['import', join(dir, 'seed.jsonl')],
      ['rules', 'add', '--name', 'card', '--pattern', 'card', '--label', 'card'],
    ]) {
      const r = await cli(...args);
      expect(r.stderr).toBe('');
    }
    templateDb = join(dir, 'w.db');
  });

  test('the table covers at least 40 classes, each named once, and the README lists them all', () => {
    expect(CLASSES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(CLASSES.map((c) => c.what)).size).toBe(CLASSES.length);
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    const start = readme.indexOf('\n## Bad input\n');
    expect(start).toBeGreaterThan(-1);
    const section = readme.slice(start, readme.indexOf('\n## ', start + 1)).replace(/\s+/g, ' ').toLowerCase();
    expect(CLASSES.map((c) => c.what).filter((w) => !section.includes(w.toLowerCase()))).toEqual([]);
  });

  test.each(CLASSES.map((c) => [c.what, c] as const))('%s', async (_what, c) => {
    const dir = tmp.dir();
    copyFileSync(templateDb, join(dir, 'w.db'));
    for (const [name, content] of Object.entries(c.files ?? {})) {
      mkdirSync(join(dir, name, '..'), { recursive: true });
      writeFileSync(join(dir, name), content);
    }
    const run = (a: string[]): Promise<CliRun> => {
      const args = a.includes('--db') ? a : [...a, '--db', 'w.db'];
      return c.bin ? runBin(args, { cwd: dir }) : runCliAt(dir, args);
    };
    const before = snapshot(dir);
    const r = await run(c.args);
    expect(r.code, r.stderr).toBe(c.code);
    expect(r.stdout).toBe('');
    expect(r.stderr).not.toMatch(/internal error|Maximum call stack|\uFFFD/);
    expect(r.stderr.length).toBeLessThan(2500);
    if (typeof c.fragment === 'string') expect(r.stderr).toContain(c.fragment);
    else expect(r.stderr.trimEnd()).toMatch(c.fragment);
    expect(snapshot(dir)).toBe(before);
    if (c.args.includes('zero.db')) expect(readFileSync(join(dir, 'zero.db')).length).toBe(0);

    if (c.pasteThen) {
      const hint = /`([^`]+)`/.exec(r.stderr)?.[1];
      expect(hint, 'the message gives a command to paste').toBeDefined();
      const sh = spawnSync('sh', ['-c', hint!], { cwd: dir, encoding: 'utf8' });
      expect(sh.status, sh.stderr).toBe(0);
    }
    const fix = c.fix ?? c.pasteThen;
    if (fix) {
      const fixed = await run(fix);
      expect(fixed.code, fixed.stderr).toBe(0);
    }
  });

  test('the hint of a missing or empty --db creates a workspace when pasted', async () => {
    const dir = tmp.dir();
    writeFileSync(join(dir, 'zero.db'), '');
    for (const db of ['zero.db', 'none.db']) {
      const r = await runBin(['stats', '--db', db], { cwd: dir });
      expect(r.code).toBe(2);
      const hint = /`rulewright ([^`]+)`/.exec(r.stderr)?.[1];
      expect(hint, r.stderr).toBeDefined();
      const args = hint!.replace('NAME', 'x').replace('TYPE', 'ner').split(' ');
      const withDb = args.includes('--db') ? args : [...args, '--db', db];
      expect((await runBin(withDb, { cwd: dir })).code).toBe(0);
      expect((await runBin(['stats', '--db', db], { cwd: dir })).code).toBe(0);
    }
    expect(existsSync(join(repoRoot, 'zero.db'))).toBe(false);
  });
});
