import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { collectMatches } from '../../../src/core/engine/collect.js';
import { compileRule } from '../../../src/core/engine/compile-rule.js';
import { IntBuffer } from '../../../src/core/engine/int-buffer.js';
import { RulewrightError } from '../../../src/core/errors.js';
import { parseRulechef } from '../../../src/core/rulesets/rulechef.js';
import { parseRuleset } from '../../../src/core/rulesets/parse.js';
import { toRulechefRuleset } from '../../../src/core/rulesets/export-rulechef.js';
import { Rule } from '../../../src/core/schemas/rule.js';
import { repoRoot, shared, sharedMissing } from '../../helpers/shared.js';
import { rule } from '../../helpers/rules.js';

/** Every span a rule yields on a text, as [start, end] pairs. */
function spans(r: Rule, text: string): number[][] {
  const buf = new IntBuffer(16);
  collectMatches(compileRule(r).matcher, text, buf, false);
  const out: number[][] = [];
  for (let k = 0; k < buf.length; k += 2) out.push([buf.data[k]!, buf.data[k + 1]!]);
  return out;
}

/** The rules after `rules export --format rulechef` and a re-import. */
const roundTrip = (rules: Rule[]): Rule[] => parseRulechef(JSON.parse(JSON.stringify(toRulechefRuleset(rules, 'ner')))).rules;

describe('RuleChef export keeps what each rule matches', () => {
  // [title, rule, text]
  test.each<[string, Rule, string]>([
    ['a named output group (python)', rule('r', '(?P<year>\\d{4})-(?P=year)', 'Y', { dialect: 'python', group: 'year' }), 'Year 2020-2020'],
    ['a named output group (js)', rule('r', '(?<year>\\d{4})-\\k<year>', 'Y', { group: 'year' }), 'Year 2020-2020'],
    ['the i flag of a js rule', rule('r', '\\bexchange\\s+rate\\b', 'X', { flags: 'i' }), 'EXCHANGE Rate and exchange rate'],
    ['the i flag of a python rule', rule('r', 'exchange', 'X', { dialect: 'python', flags: 'i' }), 'EXCHANGE'],
    ['js \\w and \\b are ASCII', rule('r', '\\b\\w+\\b'), 'naïve café Ørsted'],
    ['js \\d is ASCII', rule('r', '\\d+'), 'x ٣٤ 12'],
    ['js . stops at \\r', rule('r', 'a.+'), 'abc\rdef'],
    ['js $ is the very end', rule('r', '\\w+$|x'), 'x last word\n'],
    ['js m flag anchors at \\r', rule('r', '^\\w+$', 'X', { flags: 'm' }), 'one\rtwo\nthree'],
    ['js \\s knows \\ufeff', rule('r', 'a\\sb'), 'a\ufeffb a\x1cb'],
    ['a class with shorthands', rule('r', '[\\w-]+@[\\d.]+'), 'ñame-x@1.2 é@3'],
    ['a literal brace', rule('r', 'a{,2}'), 'a{,2} aa'],
    ['[\\s\\S], any character (the default rule)', rule('r', '^[\\s\\S]'), '\ufeffhi'],
  ])('%s', (_t, r, text) => {
    const before = spans(r, text);
    expect(before.length).toBeGreaterThan(0);
    const [after] = roundTrip([r]);
    expect(after!.dialect).toBe('python');
    expect(spans(after!, text)).toEqual(before);
  });

  test('the issue example: group year spans (5, 9) before and after', () => {
    const r = rule('r', '(?P<year>\\d{4})-(?P=year)', 'Y', { dialect: 'python', group: 'year' });
    expect(spans(r, 'Year 2020-2020')).toEqual([[5, 9]]);
    expect(spans(roundTrip([r])[0]!, 'Year 2020-2020')).toEqual([[5, 9]]);
    expect(toRulechefRuleset([r], 'ner').rules[0]!.output_template).toMatchObject({ text: '$1' });
  });

  test.each([
    ['[^]x', /\[\^\]/],
    ['\\cJ', /control escape/],
    ['[\\W]', /\\W inside a character class/],
  ])('a js-only construct (%s) is refused with a clear message', (pattern, message) => {
    const go = () => toRulechefRuleset([rule('r', pattern, 'X', { name: 'odd' })], 'ner');
    expect(go).toThrow(RulewrightError);
    expect(go).toThrow(message);
    expect(go).toThrow(/rule r \(odd\).*--format rulewright/);
  });

  test('a rule with a metadata condition is refused: RuleChef cannot state it', () => {
    const go = () => toRulechefRuleset([rule('r', '^\\d+$', 'X', { name: 'bare', when: { meta: { requested_slots: 'time' } } })], 'ner');
    expect(go).toThrow(/rule r \(bare\) applies only when requested_slots = time.*--format rulewright.*rulewright rules disable r/);
  });
});

/** Texts to compare spans on: the gold texts of a dataset file (JSONL with `text`). */
const textsOf = (path: string): string[] =>
  readFileSync(path, 'utf8')
    .trim()
    .split('\n')
    .map((l) => (JSON.parse(l) as { text?: string }).text)
    .filter((t): t is string => typeof t === 'string');

function expectSameSpans(rules: Rule[], texts: string[]): void {
  const after = roundTrip(rules);
  expect(after).toHaveLength(rules.length);
  rules.forEach((r, i) => {
    if (r.status === 'rejected') return;
    let compiles = true;
    try {
      compileRule(r);
    } catch {
      compiles = false;
    }
    if (!compiles) {
      expect(() => compileRule(after[i]!)).toThrow();
      return;
    }
    for (const text of texts) expect([r.name, text, spans(after[i]!, text)]).toEqual([r.name, text, spans(r, text)]);
  });
}

describe('every shipped ruleset round-trips through RuleChef with the same spans on its gold texts', () => {
  const gold: Record<string, string> = { 'banking77.json': 'banking77-5.jsonl', 'restaurant8k.json': 'restaurant8k-sample.jsonl' };
  const files = readdirSync(join(repoRoot, 'rules')).filter((f) => f.endsWith('.json'));

  test('every shipped ruleset has gold texts', () => {
    expect(files.sort()).toEqual(Object.keys(gold).sort());
  });

  test.each(files)('%s', (file) => {
    const rules = parseRuleset(readFileSync(join(repoRoot, 'rules', file), 'utf8')).rules;
    expect(rules.some((r) => r.dialect === 'js')).toBe(true);
    expectSameSpans(rules, textsOf(join(repoRoot, 'datasets', gold[file]!)));
  });
});

describe.skipIf(!!sharedMissing)(`every RuleChef ruleset round-trips with the same spans ${sharedMissing ?? ''}`, () => {
  const dir = shared('rulechef-benchmarks/benchmarks')!;
  const files = sharedMissing
    ? []
    : [...readdirSync(dir).filter((f) => f.endsWith('.json')), ...readdirSync(join(dir, 'results')).filter((f) => f.endsWith('.json')).map((f) => `results/${f}`)].filter(
        (f) => !/no rules found/.test((() => { try { parseRulechef(JSON.parse(readFileSync(join(dir, f), 'utf8'))); return ''; } catch (e) { return (e as Error).message; } })()),
      );
  const texts = sharedMissing
    ? { tab: [], other: [] }
    : {
        tab: textsOf(shared('rulechef-benchmarks/reference/tab_gold.jsonl')!).slice(0, 20),
        other: [
          ...textsOf(shared('rulechef-benchmarks/reference/banking77_gold.jsonl')!),
          ...readFileSync(shared('rulechef-benchmarks/benchmarks/results/sample_traffic_banking77.jsonl')!, 'utf8').trim().split('\n').slice(0, 50).map((l) => (JSON.parse(l) as { text: string }).text),
        ],
      };

  test('seven files hold rules', () => {
    expect(files).toHaveLength(7);
  });

  test.each(files)('%s', (file) => {
    const rules = parseRulechef(JSON.parse(readFileSync(join(dir, file), 'utf8'))).rules;
    expectSameSpans(rules, /tab/.test(file) ? texts.tab : texts.other);
  });
});
