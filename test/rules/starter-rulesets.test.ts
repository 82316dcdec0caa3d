import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadRuleset } from '../../src/runtime/index.js';
import { repoRoot } from '../helpers/shared.js';

interface Row {
  id: string;
  text: string;
  label?: string;
  spans?: { start: number; end: number; label: string }[];
  split: string;
}

const rows = (file: string): Row[] =>
  readFileSync(join(repoRoot, 'datasets', file), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Row);

describe('the starter rulesets in rules/', () => {
  test('banking77.json: every rule active, and it labels the held-out test split well with no model', () => {
    const rs = loadRuleset(readFileSync(join(repoRoot, 'rules/banking77.json'), 'utf8'));
    expect(rs.issues).toEqual([]);
    expect(rs.rules.length).toBeGreaterThan(5);
    expect(rs.rules.every((r) => r.status === 'active' && r.provenance === 'induced')).toBe(true);
    const test = rows('banking77-5.jsonl').filter((r) => r.split === 'test');
    const right = test.filter((r) => rs.classify(r.text).label === r.label).length;
    expect(test).toHaveLength(200);
    expect(right / test.length).toBeGreaterThan(0.8);
  });

  test('restaurant8k.json: finds slot spans on the held-out test split with no model', () => {
    const rs = loadRuleset(readFileSync(join(repoRoot, 'rules/restaurant8k.json'), 'utf8'));
    expect(rs.issues).toEqual([]);
    const test = rows('restaurant8k-sample.jsonl').filter((r) => r.split === 'test');
    let tp = 0;
    let fp = 0;
    for (const r of test) {
      const gold = new Set((r.spans ?? []).map((s) => `${s.start}:${s.end}:${s.label}`));
      for (const s of rs.extract(r.text)) {
        if (gold.has(`${s.start}:${s.end}:${s.label}`)) tp++;
        else fp++;
      }
    }
    expect(tp).toBeGreaterThan(20);
    expect(tp / (tp + fp)).toBeGreaterThan(0.6);
  });

  test('rules/README.md says how each file was made', () => {
    const readme = readFileSync(join(repoRoot, 'rules/README.md'), 'utf8');
    for (const f of ['banking77.json', 'restaurant8k.json']) expect(readme).toContain(f);
    expect(readme).toContain('npm run demo');
    expect(readme).toContain('rules export rules/banking77.json --status active --db demo/rulewright.db --dataset banking77');
  });
});
