import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, test } from 'vitest';
import { useTempDir } from '../helpers/temp.js';
import { runBin, runBinWithin, testEnv } from './helpers.js';

/**
 * Patterns that used to kill the ReDoS screen and leave the process running: refused (exit 2)
 * before any analyser sees them, and the process ends. Through the real binary under kill
 * timers: a hang is a kill, and a kill fails the test. Nothing here measures time.
 */

/** What `rules add --pattern "$(python3 -c "print('('*5000+'a'+')'*5000)")"` gave. */
const FIVE_THOUSAND = `${'('.repeat(5000)}a${')'.repeat(5000)}`;
const DEEP = `${'('.repeat(2000)}a${')'.repeat(2000)}`;
const KILL_AFTER_MS = 60_000;

/**
 * A stand-in for recheck's agent process (RECHECK_BIN) whose checks never finish, as when a
 * check's thread dies of a stack overflow: it answers `ping`, prints what the real agent printed,
 * and answers a check only when it is cancelled (as the real agent does).
 */
const HUNG_AGENT = `#!${process.execPath}
let buf = '';
const send = (o) => process.stdout.write(JSON.stringify({ jsonrpc: '2.0+push', ...o }) + '\\n');
process.stdin.on('data', (d) => {
  buf += d;
  let i;
  while ((i = buf.indexOf('\\n')) >= 0) {
    const line = buf.slice(0, i);
    buf = buf.slice(i + 1);
    if (!line) continue;
    const m = JSON.parse(line);
    if (m.method === 'ping') send({ id: m.id, result: {} });
    else if (m.method === 'check') process.stderr.write('Exception in thread "pool-2-thread-1" java.lang.StackOverflowError\\n');
    else if (m.method === 'cancel') send({ id: m.params.id, result: { source: '', flags: '', status: 'unknown', error: { kind: 'cancel' } } });
  }
});
`;

describe('patterns past the limits through the real binary', () => {
  const tmp = useTempDir();
  let cwd = '';

  beforeEach(async () => {
    cwd = tmp.dir();
    writeFileSync(join(cwd, 'seed.jsonl'), '{"id":"a","text":"card a","label":"card"}\n');
    for (const args of [
      ['init', '--name', 'd', '--type', 'classification'],
      ['import', 'seed.jsonl'],
      ['rules', 'add', '--name', 'card', '--pattern', 'card', '--label', 'card'],
    ])
      expect((await runBin([...args, '--db', 'w.db'], { cwd })).code).toBe(0);
  });

  const ruleIds = async (): Promise<string[]> => {
    const r = await runBin(['rules', 'list', '--json', '--db', 'w.db'], { cwd });
    return (JSON.parse(r.stdout) as { rules: { id: string }[] }).rules.map((x) => x.id);
  };

  // [what, files to write, arguments, fragment of the message]
  test.each<[string, Record<string, string>, string[], string]>([
    ['rules add of 5,000 nested groups', {}, ['rules', 'add', '--name', 'deep', '--pattern', FIVE_THOUSAND, '--label', 'card'], 'the pattern is 10,001 characters long, past the limit of 10,000'],
    ['rules add of 2,000 nested groups (python)', {}, ['rules', 'add', '--name', 'deep', '--pattern', DEEP, '--label', 'card', '--dialect', 'python'], 'nests groups and classes 2,000 levels deep, past the limit of 50'],
    ['rules edit to 2,000 nested groups', {}, ['rules', 'edit', 'card', '--pattern', DEEP], 'nests groups and classes 2,000 levels deep'],
    [
      'rules import of a ruleset with 5,000 nested groups',
      { 'deep.json': JSON.stringify({ rulewright: 1, rules: [{ id: 'deep', name: 'deep', format: 'regex', pattern: FIVE_THOUSAND, output: { label: 'card' } }] }) },
      ['rules', 'import', 'deep.json'],
      'deep.json: rule 1 (deep): the pattern is 10,001 characters long',
    ],
    [
      'rules import of a RuleChef ruleset with 2,000 nested groups',
      { 'rc.json': JSON.stringify([{ id: 'deep', content: DEEP, output_template: { label: 'card' } }]) },
      ['rules', 'import', 'rc.json', '--allow-flagged'],
      'rc.json: rule 1 (deep): the pattern nests groups and classes 2,000 levels deep',
    ],
  ])('%s exits 2 at once, stores nothing, and no analyser speaks', async (_what, files, args, fragment) => {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(cwd, name), text);
    const r = await runBinWithin(KILL_AFTER_MS, [...args, '--db', 'w.db'], { cwd });
    expect(r.killed, 'the process did not exit').toBe(false);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(fragment);
    expect(r.stderr).not.toMatch(/StackOverflowError|Maximum call stack|internal error/);
    expect(r.stderr.length).toBeLessThan(2500);
    expect(r.stdout).toBe('');
    expect(await ruleIds()).toEqual(['card']);
  });

  test("the screen's blind spots on import: lookbehinds with nested repetition are stored rejected, a chain of .* is flagged with its 100 ms length", async () => {
    const file = [
      { id: 'lb-nested', content: '(?<=^(a+)+)b', output_template: { label: 'card' } },
      { id: 'lb-alt', content: '(?<=^(a|aa)+)b', output_template: { label: 'card' } },
      { id: 'chain', content: '.*a.*a.*a.*b', output_template: { label: 'card' } },
    ];
    writeFileSync(join(cwd, 'rc.json'), JSON.stringify(file));
    const r = await runBinWithin(KILL_AFTER_MS, ['rules', 'import', 'rc.json', '--json', '--db', 'w.db'], { cwd });
    expect(r.killed, 'the process did not exit').toBe(false);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { active: number; rejected: { id: string; problems: { message: string }[] }[]; flagged: { id: string; problems: { message: string }[] }[] };
    expect(out.rejected.map((x) => x.id)).toEqual(['lb-nested', 'lb-alt']);
    expect(out.rejected[0]!.problems[0]!.message).toMatch(/catastrophically \(exponential\).*--allow-flagged/);
    expect(out.flagged.map((x) => x.id)).toEqual(['chain']);
    expect(out.flagged[0]!.problems[0]!.message).toMatch(/polynomially \(5th degree polynomial\); about \d{2,3} characters of it cost 100 ms/);
    expect(out.active).toBe(1);
  });

  test('a recheck check that never answers is cancelled: the rule is flagged as not screened and the process exits', async () => {
    const agent = join(cwd, 'hung-agent.js');
    writeFileSync(agent, HUNG_AGENT);
    chmodSync(agent, 0o755);
    // `[^]` is JavaScript only: the static screen cannot read it, so recheck decides.
    const r = await runBinWithin(KILL_AFTER_MS, ['rules', 'add', '--name', 'js-only', '--pattern', '[^]x', '--label', 'card', '--json', '--db', 'w.db'], {
      cwd,
      env: testEnv({ RECHECK_BIN: agent, RECHECK_BACKEND: 'native' }),
    });
    expect(r.killed, 'the process did not exit').toBe(false);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { rule: { status: string; flagged: { code: string; message: string }[] } };
    expect(out.rule.status).toBe('active');
    expect(out.rule.flagged.map((f) => f.code)).toEqual(['redos_unknown']);
    expect(out.rule.flagged[0]!.message).toMatch(/ReDoS screening was inconclusive \(recheck failed: no answer within \d+ ms\)/);
  });
});
