import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { RulewrightError } from '../../../src/core/errors.js';
import { compilePattern } from '../../../src/core/regex/compile.js';
import { groupNumber, matchSpans } from '../../../src/core/regex/match.js';
import { shared, sharedMissing } from '../../helpers/shared.js';
import { pythonMissing, runJs, runPython } from './python-oracle.js';

const BENCH = 'rulechef-benchmarks';
const RULESETS = [
  'benchmarks/results_banking77.json',
  'benchmarks/results/results_banking77_new.json',
  'benchmarks/results/results_extract_tab.ckpt_rulechef.json',
  'benchmarks/results/results_extract_tab.json',
  'benchmarks/results/results_ablation_extract_tab.json',
  'benchmarks/results/results_aegis_kimi_v5_ensemble.json',
  'benchmarks/results/results_when2call_v2.json',
];

interface RcRule {
  name: string;
  format: string;
  content: string;
  output_template?: { text?: string };
}

/** Every object with `format` and `content`, wherever the container puts it. */
function findRules(value: unknown, out: RcRule[] = []): RcRule[] {
  if (Array.isArray(value)) for (const v of value) findRules(v, out);
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.format === 'string' && typeof o.content === 'string') out.push(o as unknown as RcRule);
    else for (const v of Object.values(o)) findRules(v, out);
  }
  return out;
}

const readJson = (rel: string): unknown => JSON.parse(readFileSync(shared(`${BENCH}/${rel}`)!, 'utf8'));
const readJsonl = <T>(rel: string): T[] =>
  readFileSync(shared(`${BENCH}/${rel}`)!, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as T);

describe.skipIf(sharedMissing)(`RuleChef's published rulesets${sharedMissing ? ` (${sharedMissing})` : ''}`, () => {
  const rulesets = sharedMissing ? [] : RULESETS.map((file) => ({ file, rules: findRules(readJson(file)).filter((r) => r.format === 'regex') }));

  test('every regex rule in every ruleset compiles in the python dialect or is refused with a reason', () => {
    const outcome: Record<string, { rules: number; compiled: number; refused: string[]; empty: string[] }> = {};
    for (const { file, rules } of rulesets) {
      const o = { rules: rules.length, compiled: 0, refused: [] as string[], empty: [] as string[] };
      for (const r of rules) {
        if (r.content === '') o.empty.push(r.name);
        try {
          compilePattern(r.content, '', 'python');
          o.compiled++;
        } catch (e) {
          expect(e).toBeInstanceOf(RulewrightError);
          expect((e as Error).message).toMatch(/^python dialect: .+ at offset \d+/);
          o.refused.push(`${r.name}: ${(e as Error).message}`);
        }
      }
      outcome[file] = o;
    }
    expect(Object.values(outcome).reduce((n, o) => n + o.rules, 0)).toBe(383);
    expect(Object.values(outcome).flatMap((o) => o.refused)).toEqual([]);
    // The empty pattern is valid Python (it matches the empty string everywhere); flagging it is the importer's job.
    expect(outcome['benchmarks/results/results_when2call_v2.json']!.empty).toEqual(['chess_tool_missing_rating']);
  });

  test('the 22 TAB rules, each alone, give exactly the spans Python regex gives on all 127 documents', () => {
    const tab = findRules(readJson('benchmarks/results/results_extract_tab.ckpt_rulechef.json'));
    const docs = readJsonl<{ id: string; text: string }>('reference/tab_gold.jsonl');
    const expected = new Map<string, number[][]>();
    for (const row of readJsonl<{ rule: string; doc: string; spans: number[][] }>('reference/tab_py_raw.jsonl')) {
      expected.set(`${row.rule}\u0000${row.doc}`, row.spans);
    }
    expect(tab).toHaveLength(22);
    expect(docs).toHaveLength(127);
    let pairs = 0;
    let spans = 0;
    const wrong: string[] = [];
    for (const rule of tab) {
      const cp = compilePattern(rule.content, '', 'python');
      const g = groupNumber(cp, rule.output_template?.text ?? '$0');
      for (const doc of docs) {
        const mine: number[][] = [];
        for (const m of matchSpans(cp, doc.text)) {
          const s = m[g];
          if (s) mine.push([s[0], s[1]]);
        }
        const want = expected.get(`${rule.name}\u0000${doc.id}`) ?? [];
        pairs++;
        spans += mine.length;
        if (JSON.stringify(mine) !== JSON.stringify(want)) wrong.push(`${rule.name} on ${doc.id}: ${mine.length} spans vs ${want.length}`);
      }
    }
    expect(pairs).toBe(22 * 127);
    expect(spans).toBe([...expected.values()].reduce((n, s) => n + s.length, 0));
    expect(wrong).toEqual([]);
  });

  describe.skipIf(pythonMissing)(`against live Python regex${pythonMissing ? ` (${pythonMissing})` : ''}`, () => {
    test('every rule of every ruleset matches like Python on Banking77 queries and TAB documents, all groups', () => {
      const queries = readJsonl<{ text: string }>('reference/banking77_gold.jsonl').map((q) => q.text);
      // When2Call's rules backtrack heavily on long texts (in Python too), so TAB documents are cut short.
      const docs = readJsonl<{ text: string }>('reference/tab_gold.jsonl').slice(0, 12).map((d) => d.text.slice(0, 1500));
      const texts = [...queries, ...docs];
      const patterns = [...new Set(rulesets.flatMap((r) => r.rules.map((x) => x.content)))];
      const py = runPython({ cases: patterns.map((pattern) => ({ pattern, texts })) });
      const wrong: string[] = [];
      let matches = 0;
      patterns.forEach((pattern, k) => {
        const want = py.cases[k]!;
        if ('error' in want) throw new Error(`Python rejects ${pattern}: ${want.error}`);
        const mine = runJs(pattern, '', texts);
        matches += mine.reduce((n, t) => n + t.length, 0);
        if (JSON.stringify(mine) !== JSON.stringify(want.results)) wrong.push(pattern.slice(0, 80));
      });
      expect(patterns.length).toBeGreaterThan(300);
      expect(matches).toBeGreaterThan(1000);
      expect(wrong).toEqual([]);
    });
  });
});
