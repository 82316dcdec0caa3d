import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { Workspace } from '../../src/service/index.js';
import { repoRoot } from '../helpers/shared.js';
import { demoWorkspace } from './fixtures.js';
import { useTemplateWorkspace } from './harness.js';

const hasTmux = spawnSync('sh', ['-c', 'command -v tmux'], { encoding: 'utf8' }).status === 0;
const title = hasTmux
  ? 'rulewright tui in a real terminal (tmux)'
  : 'rulewright tui in a real terminal (skipped: tmux is not installed; `apt-get install tmux` runs it)';

/** A tmux server of this test's own (its own socket), so it never touches the user's sessions. */
function tmuxServer(socket: string) {
  const run = (...args: string[]) => {
    const r = spawnSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`tmux ${args.join(' ')} failed: ${r.stderr}`);
    return r.stdout;
  };
  return {
    start: (cmd: string, columns: number, rows: number) => run('new-session', '-d', '-s', 'rw', '-x', String(columns), '-y', String(rows), cmd),
    /** Keys by tmux name (Enter, Tab, Escape, C-s) or single characters. */
    keys: (...keys: string[]) => run('send-keys', '-t', 'rw', ...keys),
    /** Text typed as is. */
    type: (text: string) => run('send-keys', '-t', 'rw', '-l', text),
    screen: () => run('capture-pane', '-p', '-t', 'rw'),
    kill: () => spawnSync('tmux', ['-L', socket, 'kill-server']),
  };
}

async function waitFor(read: () => string, check: (s: string) => boolean, what: string, timeoutMs = 30_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < until) {
    last = read();
    if (check(last)) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}; the screen was:\n${last}`);
}

describe.skipIf(!hasTmux)(title, () => {
  const tmp = useTemplateWorkspace((ws) => demoWorkspace(ws));
  const unmeasured = useTemplateWorkspace((ws) => demoWorkspace(ws, { metrics: false }), 'tmux-unmeasured');
  let server: ReturnType<typeof tmuxServer> | undefined;
  afterEach(() => {
    server?.kill();
  });

  test('an unmeasured workspace opens measured; a disable is re-measured, no row left stale', async () => {
    const ws = unmeasured.open();
    const db = ws.path;
    ws.close();
    server = tmuxServer(`rulewright-test-auto-${process.pid}-${Date.now()}`);
    server.start(`cd ${JSON.stringify(repoRoot)} && CI=true NO_COLOR=1 TERM=xterm-256color node bin/rulewright.js tui --db ${JSON.stringify(db)}; sleep 60`, 100, 30);
    const s = server;
    const screen = (check: (x: string) => boolean, what: string) => waitFor(s.screen, check, what);
    const opened = await screen((x) => x.includes('ensemble P .778 R .700 F1 .737') && x.includes('› exchange rate'), 'the figures, with no key pressed');
    expect(opened).not.toContain('press m');
    s.keys('e');
    await screen((x) => x.includes('Disable exchange rate?'), 'the question');
    s.keys('y');
    const after = await screen((x) => x.includes('exchange rate disabled · metrics recomputed for 7 rules'), 'the re-measured table');
    expect(after).not.toMatch(/\d stale/);
    s.keys('q');
  }, 120_000);

  test.each([
    [':q', ['Enter'], 0],
    ['ctrl-c, even in the filter line', ['/', 'C-c'], 130],
  ])('%s quits (with its exit code)', async (_how, keys, code) => {
    const ws = tmp.open();
    const db = ws.path;
    ws.close();
    const exitFile = tmp.path('exit.txt');
    server = tmuxServer(`rulewright-test-quit-${process.pid}-${Date.now()}`);
    server.start(`cd ${JSON.stringify(repoRoot)} && CI=true TERM=xterm-256color node bin/rulewright.js tui --db ${JSON.stringify(db)}; echo "exit=$?" > ${JSON.stringify(exitFile)}; sleep 60`, 100, 30);
    const s = server;
    await waitFor(s.screen, (x) => x.includes('› exchange rate'), 'the rules table');
    if (keys[0] === 'Enter') s.type(':q');
    for (const k of keys) s.keys(k);
    await waitFor(() => (existsSync(exitFile) ? readFileSync(exitFile, 'utf8') : ''), (x) => x.includes('exit='), 'the process to exit');
    expect(readFileSync(exitFile, 'utf8').trim()).toBe(`exit=${code}`);
  }, 120_000);

  test('sort, open a rule, correct an output, write feedback, prune with confirmation, undo, quit; the store has it all', async () => {
    const ws = tmp.open();
    const db = ws.path;
    ws.close();
    const exitFile = tmp.path('exit.txt');
    server = tmuxServer(`rulewright-test-${process.pid}-${Date.now()}`);
    // CI=true as on a CI runner: Ink would draw nothing live, and the command must undo that.
    const cmd = `cd ${JSON.stringify(repoRoot)} && CI=true TERM=xterm-256color node bin/rulewright.js tui --db ${JSON.stringify(db)}; echo "exit=$?" > ${JSON.stringify(exitFile)}; sleep 60`;
    server.start(cmd, 120, 40);
    const s = server;
    const screen = (check: (x: string) => boolean, what: string) => waitFor(s.screen, check, what);

    // Sorted by marginal F1, best first.
    await screen((x) => x.includes('ensemble P .778 R .700 F1 .737') && x.includes('› exchange rate'), 'the rules table');
    // Sort by FP from the command line, highest first.
    s.keys(':');
    s.type('sort fp');
    s.keys('Enter');
    const sorted = await screen((x) => x.includes('▼FP'), 'the FP sort');
    const names = sorted.split('\n').filter((l) => /^[›· ] \S/.test(l) && /\s(on|off)\s/.test(l)).map((l) => l.slice(2).split(/\s{2,}/)[0]!.trim());
    expect(names.slice(0, 2)).toEqual(['any money', 'any card']);

    // Open the rule at the top.
    s.keys('Enter');
    await screen((x) => x.includes('any money any-money [active]') && x.includes('FP train-772'), 'the rule screen');

    // Correct its second item (a false positive) and add a note.
    s.keys('j');
    await screen((x) => /› FP train-772/.test(x), 'the false positive selected');
    s.keys('c');
    await screen((x) => x.includes('Correct example train-772') && x.includes('(•) pending_cash_withdrawal'), 'the correction screen');
    s.keys('Tab');
    await screen((x) => x.includes('note ▏') || /note .*\S/.test(x), 'the note field');
    s.type('a withdrawal, not exchange rates');
    await screen((x) => x.includes('a withdrawal, not exchange rates'), 'the typed note');
    s.keys('Enter');
    await screen((x) => x.includes('train-772 is in dev, held out: move it to train'), 'the question before moving a dev example to train');
    s.keys('y');
    await screen((x) => x.includes('correction c1 saved') && x.includes('any money any-money'), 'the saved correction');

    // Plain-English feedback on this rule.
    s.keys('f');
    await screen((x) => x.includes('Feedback on rule any money'), 'the feedback composer');
    s.type('"transfer" questions are about beneficiaries, not rates');
    s.keys('Enter');
    // Offline (no LLM in the environment) the notice says the feedback will not be read.
    await screen((x) => x.includes('feedback fb-1 saved on any money') || x.includes('feedback fb-1 saved (open): offline learning will not read it'), 'the saved feedback');

    // Prune: the plan, a refusal, then confirmation.
    s.keys('4');
    await screen((x) => x.includes('F1 .746 → .792 by disabling 1 rule (dry run)'), 'the pruning plan (dev lost the example moved to train)');
    s.keys('a');
    await screen((x) => x.includes('Disable 1 rule (F1 .746 → .792)?'), 'the confirmation');
    s.keys('y');
    await screen((x) => x.includes('disabled 1 rule (prune op 1)'), 'the applied prune');
    const during = Workspace.open({ db });
    expect(during.dataset().showRule('any-money').rule.status).toBe('disabled');
    during.close();

    // Undo, then quit.
    s.keys('u');
    await screen((x) => x.includes('undid prune op 1: 1 rule enabled again'), 'the undo');
    s.keys('q');
    await waitFor(() => (existsSync(exitFile) ? readFileSync(exitFile, 'utf8') : ''), (x) => x.includes('exit='), 'the process to exit');
    expect(readFileSync(exitFile, 'utf8').trim()).toBe('exit=0');

    // What the session left in the store, read through the service.
    const after = Workspace.open({ db });
    try {
      const [correction, ...more] = after.dataset().listCorrections().corrections;
      expect(more).toHaveLength(0);
      expect(correction).toMatchObject({
        example_id: 'train-772',
        produced: { label: 'exchange_rate' },
        expected: { label: 'pending_cash_withdrawal' },
        note: 'a withdrawal, not exchange rates',
      });
      expect(after.dataset().listFeedback().feedback).toEqual([
        expect.objectContaining({ id: 'fb-1', level: 'rule', target_id: 'any-money', status: 'open', text: '"transfer" questions are about beneficiaries, not rates' }),
      ]);
      // Pruned, then re-enabled by undo: active again, with both steps in its history.
      expect(after.dataset().showRule('any-money').rule.status).toBe('active');
      expect(after.dataset().ruleHistory('any-money').versions.map((v) => v.status)).toEqual(['active', 'disabled', 'active']);
      expect(after.dataset().listRuns({ kind: 'undo' }).runs).toHaveLength(1);
      expect(after.dataset().listRuns({ kind: 'prune' }).runs.length).toBeGreaterThanOrEqual(2);
    } finally {
      after.close();
    }
  }, 240_000);
});

describe.skipIf(!hasTmux)(`${title} at 80x24`, () => {
  const tmp = useTemplateWorkspace((ws) => demoWorkspace(ws));
  let server: ReturnType<typeof tmuxServer> | undefined;
  afterEach(() => {
    server?.kill();
  });

  test('why a rule fired, the whole example, an edit re-scored in the background, the : line', async () => {
    const ws = tmp.open();
    const db = ws.path;
    ws.close();
    const exitFile = tmp.path('exit.txt');
    server = tmuxServer(`rulewright-test-80-${process.pid}-${Date.now()}`);
    // NO_COLOR: highlights show as brackets, which a plain capture of the pane can read.
    const cmd = `cd ${JSON.stringify(repoRoot)} && CI=true NO_COLOR=1 TERM=xterm-256color node bin/rulewright.js tui --db ${JSON.stringify(db)}; echo "exit=$?" > ${JSON.stringify(exitFile)}; sleep 60`;
    server.start(cmd, 80, 24);
    const s = server;
    const screen = (check: (x: string) => boolean, what: string) => waitFor(s.screen, check, what);
    const fits = (x: string) => {
      for (const l of x.split('\n')) expect([...l].length).toBeLessThanOrEqual(80);
    };

    fits(await screen((x) => x.includes('› exchange rate') && x.includes('? more'), 'the rules table at 80 columns'));
    s.keys(':');
    s.type('rule any-m');
    s.keys('Enter');
    // Classification: the trigger word is marked, not the sentence; a long one is windowed around it.
    const detail = await screen((x) => x.includes('What is my [money] worth'), 'the trigger word of a true positive');
    expect(detail).toMatch(/FP train-772 pending_cash_withdrawal→exchange_rate …[^\n]*\{money\}/);
    fits(detail);

    s.keys('Enter');
    const example = await screen((x) => x.includes('example train-293'), 'the whole example');
    expect(example).toMatch(/› \* \d+-\d+ exchange_rate "money"/);
    s.keys('Escape');
    await screen((x) => x.includes('items: all (11)'), 'back on the rule');

    // Drop "|transfer" and save: the rule is re-scored in the background.
    s.keys('p');
    await screen((x) => x.includes('pattern \\b(?:money|transfer)\\b▏'), 'the pattern editor');
    s.keys('Left', 'Left', 'Left', ...Array.from({ length: 9 }, () => 'BSpace'));
    await screen((x) => x.includes('pattern \\b(?:money▏)\\b'), 'the edited pattern');
    s.keys('Enter');
    await screen((x) => /^(?:harmful )?dev: TP 1 FP 3 /m.test(x), 'the re-scored rule');
    s.keys('Escape');
    const table = await screen((x) => /any money\s+\S+\s+exchange_\S*\s+on\s+1\s+3\s/.test(x), 'the re-scored row');
    fits(table);

    s.keys('q');
    await waitFor(() => (existsSync(exitFile) ? readFileSync(exitFile, 'utf8') : ''), (x) => x.includes('exit='), 'the process to exit');
    expect(readFileSync(exitFile, 'utf8').trim()).toBe('exit=0');
  }, 240_000);
});

// The TUI's own files are compiled into dist/ (the binary runs them).
test('the built CLI carries the terminal workbench', () => {
  expect(existsSync(join(repoRoot, 'dist', 'tui', 'run.js'))).toBe(true);
  expect(existsSync(join(repoRoot, 'dist', 'tui', 'jobs', 'worker.js'))).toBe(true);
});
