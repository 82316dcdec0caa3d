import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { tourLines } from '../helpers/readme.js';
import { repoRoot } from '../helpers/shared.js';

const BIN = join(repoRoot, 'bin', 'rulewright.js');
const README = readFileSync(join(repoRoot, 'README.md'), 'utf8');

interface TrainExample {
  id: string;
  text: string;
  label: string;
}

describe('the README small-data tour: a correction that does not hijack, a prune that does not lower test F1', () => {
  const lines = tourLines(README, '## The same loop on small data');
  let dir: string;
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  for (const k of ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'RULEWRIGHT_DB', 'FORCE_COLOR', 'COLUMNS']) delete env[k];
  const cli = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { cwd: dir, env, encoding: 'utf8', timeout: 120_000 });
  const json = <T>(...args: string[]): T => JSON.parse(cli(...args, '--json').stdout) as T;
  const testF1 = () => json<{ micro: { f1: number } }>('eval', '--split', 'test').micro.f1;
  let f1BeforePrune: number | undefined;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'rulewright-small-tour-'));
    symlinkSync(join(repoRoot, 'datasets'), join(dir, 'datasets'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('has the steps it talks about', () => {
    expect(lines).toEqual(expect.arrayContaining([expect.stringMatching(/rulewright correct --text/), 'npx rulewright learn --incremental', 'npx rulewright prune --dead --apply']));
  });

  // One test per line, in order: each builds on the workspace the previous ones left.
  test.each(lines.map((l, i) => [i + 1, l] as const))('line %d: %s', (_n, line) => {
    const exported = /^export (\w+)=(\S+)$/.exec(line);
    if (exported) {
      env[exported[1]!] = exported[2]!;
      return;
    }
    if (line.endsWith('prune --dead --apply')) f1BeforePrune = testF1();
    const cmd = line.replaceAll('npx rulewright', `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)}`);
    const r = spawnSync('bash', ['-c', cmd], { cwd: dir, env, encoding: 'utf8', timeout: 120_000 });
    expect(r.status, `${line}\n${r.stderr}`).toBe(0);
    if (/rulewright correct /.test(line)) expect(r.stdout).toMatch(/learning will add billing <- .*: it fires on \d+ train texts? of billing, none of another label/);
    if (line.endsWith('learn --incremental')) expect(r.stdout).toMatch(/correction rule \S+ \(billing <- .*\) added: .*none of another label/);
    if (line.endsWith('prune --dead')) expect(r.stdout).toMatch(/kept rule \S+ \(.*\): dead on 30 dev examples, \d+ true positives? on train/);
    if (line.endsWith('prune --dead --apply')) expect(testF1()).toBeGreaterThanOrEqual(f1BeforePrune!);
  }, 120_000);

  test('the correction rule catches no train text of another label, where "why did" alone would', () => {
    const rules = json<{ rules: { id: string; priority: number; status: string }[] }>('rules', 'list').rules.filter((r) => r.status === 'active');
    const top = rules.reduce((a, b) => (b.priority > a.priority ? b : a));
    const { rule } = json<{ rule: { description: string; pattern: string; flags: string; output: { label: string } } }>('rules', 'show', top.id);
    expect(rule.description).toMatch(/^from correction correction-c1: /);
    const train = json<{ examples: TrainExample[] }>('examples', 'list', '--split', 'train', '--limit', '1000').examples;
    const fires = (re: RegExp) => train.filter((e) => re.test(e.text));
    const caught = fires(new RegExp(rule.pattern, rule.flags));
    expect(caught.map((e) => e.id)).toContain('correction-c1');
    expect(caught.filter((e) => e.label !== 'billing')).toEqual([]);
    // What the README says a rule on "why did" would take over.
    expect(fires(/\bwhy\s+did\b/i).filter((e) => e.label !== 'billing').map((e) => [e.id, e.label])).toEqual(
      expect.arrayContaining([
        ['t4', 'account'],
        ['t7', 'shipping'],
      ]),
    );
  });
});
