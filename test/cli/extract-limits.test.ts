import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { useTempDir } from '../helpers/temp.js';
import { BIN, runBinWithin, testEnv } from './helpers.js';

/**
 * `extract` on rules that never finish: a flagged rule run with --allow-flagged, a ruleset file
 * whose budget is no budget. Through the real binary under kill timers: a hang is a kill, and a
 * kill fails the test. Nothing here measures time.
 */

/** A ruleset file: a rule that backtracks catastrophically on `a…a!`, and one that finds the `!`. */
const rulesetFile = (budget: number) =>
  JSON.stringify({
    rulewright: 1,
    task: { name: 't', type: 'ner', matching: { rule_budget_ms: budget } },
    rules: [
      { id: 'evil', name: 'evil', format: 'regex', pattern: '(a+)+$', output: { label: 'EVIL' } },
      { id: 'bang', name: 'bang', format: 'regex', pattern: '!', output: { label: 'BANG' } },
    ],
  });
const SLOW_DOC = `${'a'.repeat(40)}!`;

/**
 * Writes one document at a time to the binary's stdin and the next only once the output line of
 * the one before has arrived: output that waits for the end of the input never arrives, and the
 * kill timer ends the run.
 */
function feedOneByOne(args: string[], cwd: string, docs: string[], killAfterMs: number): Promise<{ code: number | null; lines: string[]; stderr: string; killed: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd, env: testEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let sent = 0;
    let killed = false;
    const send = () => (sent < docs.length ? child.stdin.write(`${docs[sent++]}\n`) : child.stdin.end());
    const timer = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, killAfterMs);
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (stdout.split('\n').length - 1 === sent) send();
    });
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, lines: stdout.split('\n').filter(Boolean), stderr, killed });
    });
    send();
  });
}

describe('extract under limits', () => {
  const tmp = useTempDir();

  test('writes each document’s line as it finishes, before the next document is read', async () => {
    const cwd = tmp.dir();
    writeFileSync(tmp.path('rules.json'), rulesetFile(50));
    const docs = [SLOW_DOC, 'plain text!', SLOW_DOC, 'more!', SLOW_DOC, 'last!'];
    const r = await feedOneByOne(['extract', '--rules', 'rules.json', '--allow-flagged'], cwd, docs, 60_000);
    expect(r.killed, r.stderr).toBe(false);
    expect(r.code, r.stderr).toBe(0);
    expect(r.lines.map((l) => (JSON.parse(l) as { line: number }).line)).toEqual([1, 2, 3, 4, 5, 6]);
  }, 90_000);

  test('a rule that keeps running out of its budget is left out after three timeouts, with one warning naming it', async () => {
    const cwd = tmp.dir();
    writeFileSync(tmp.path('rules.json'), rulesetFile(200));
    writeFileSync(tmp.path('docs.txt'), `${Array.from({ length: 200 }, () => SLOW_DOC).join('\n')}\n`);
    // 200 documents × 200 ms would outlast the timer; three timeouts do not.
    const r = await runBinWithin(30_000, ['extract', '--rules', 'rules.json', '--input', 'docs.txt', '--allow-flagged'], { cwd });
    expect(r.killed, r.stderr).toBe(false);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(200);
    expect(r.stderr.match(/rule evil exceeded its 200 ms budget/g)).toHaveLength(3);
    expect(r.stderr).toMatch(/rule evil \(evil\) ran out of its 200 ms budget on 3 documents \(the last at docs\.txt:3\), so it is left out for the rest of the input/);
    expect(JSON.parse(r.stdout.trim().split('\n').at(-1)!)).toMatchObject({ line: 200, spans: [{ label: 'BANG', rule_id: 'bang' }] });
  }, 60_000);

  test.each([
    [600_000, 10_000],
    [1e308, 10_000],
    [0, 1],
  ])('a ruleset file with rule_budget_ms %s runs with %s ms, and says so', async (given, used) => {
    const cwd = tmp.dir();
    writeFileSync(tmp.path('rules.json'), rulesetFile(given));
    writeFileSync(tmp.path('docs.txt'), 'hello!\n');
    const r = await runBinWithin(30_000, ['extract', '--rules', 'rules.json', '--input', 'docs.txt'], { cwd });
    expect(r.killed).toBe(false);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`rules.json: rule_budget_ms ${given} is out of range (from 1 to 10,000 ms per rule per document); running with ${used} ms`);
    // The flagged rule is skipped by the screen, as without the budget: only the `!` is found.
    expect(JSON.parse(r.stdout)).toMatchObject({ line: 1, spans: [{ label: 'BANG' }] });
  }, 60_000);
});
