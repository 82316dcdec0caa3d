import { describe, expect, test } from 'vitest';
import { learnDecisionList } from '../../../../src/learn/induce/covering/decision-list.js';
import { buildVocabulary, featureKeys, Kind, type FeatureConfig } from '../../../../src/learn/induce/covering/features.js';
import { featureSource, renderRule, type Literal } from '../../../../src/learn/induce/covering/render.js';
import { screenRedosStatic } from '../../../../src/core/safety/redos.js';

const ALL: FeatureConfig = { stems: true, ngrams: true, gaps: true, positions: true, shapes: true, minNgramDf: 1 };
const opts = { z: 1.96, minSupport: 1, minScore: 0, maxRules: 1000, perClass: 1000, refineTop: 8, refineSample: 400, maxLiterals: 3, deadline: Infinity };
const shapesOf = (text: string, cfg: FeatureConfig = ALL) =>
  featureKeys(text, buildVocabulary([], cfg), cfg)
    .filter((k) => k.startsWith(`${Kind.Shape}:`))
    .map((k) => k.slice(2))
    .sort();

describe('word shapes', () => {
  test.each([
    ['What does NASA stand for ?', ['caps']],
    ['I was charged 20 euros twice', ['num']],
    ['Is the PIN 1234 ?', ['caps', 'num']],
    // A number of five digits or more is also an identifier (a phone number, a short code); a year is not.
    ['call 08712404000 or text WIN to 83355', ['caps', 'long', 'num']],
    ['released in July 2007', ['num']],
    ['What is autism ?', []],
    // One capital letter is not a word in capitals; digits inside a word are not a number.
    ['I paid A lot for mp3 players', []],
  ])('%j has the shapes %j', (text, shapes) => {
    expect(shapesOf(text)).toEqual(shapes);
  });

  test('are not indexed when the configuration leaves them out', () => {
    expect(shapesOf('NASA in 1958', { ...ALL, shapes: false })).toEqual([]);
  });

  test.each([
    ['caps', 'What does NASA stand for', 'What does nasa stand for'],
    ['num', 'top up 20 euros', 'top up twenty euros'],
    ['long', 'ring 02073162414 now', 'ring 0207 316 now'],
  ])('the %s regex fires where the index says the text has it', (key, yes, no) => {
    const s = featureSource(Kind.Shape, key);
    const flags = key === 'caps' ? '' : 'i';
    expect(new RegExp(s.src, flags).test(yes)).toBe(true);
    expect(new RegExp(s.src, flags).test(no)).toBe(false);
    expect(shapesOf(yes)).toContain(key);
    expect(shapesOf(no)).not.toContain(key);
  });
});

describe('a rule with a word in capitals', () => {
  const keys = [
    [Kind.First2, 'what is'],
    [Kind.Shape, 'caps'],
    [Kind.Short, '4'],
  ] as const;
  const has = (feature: number): Literal => ({ feature, negated: false });
  const unless = (feature: number): Literal => ({ feature, negated: true });
  const rendered = (literals: Literal[]) => renderRule({ literals, label: 'ABBR:exp', kindOf: (f) => keys[f]![0], keyOf: (f) => keys[f]![1], tp: 5, n: 5 });

  test('is case-sensitive, and writes its words in their case forms so they still match as typed', () => {
    const c = rendered([has(0), has(1)]);
    expect(c.flags).not.toContain('i');
    expect(c.name).toBe('ABBR:exp <- starts "what is" & a word in capitals');
    const re = new RegExp(c.pattern, c.flags);
    expect(re.test('What is NASA ?')).toBe(true);
    expect(re.test('what is NATO')).toBe(true);
    expect(re.test('WHAT IS NASA')).toBe(true);
    expect(re.test('What is autism ?')).toBe(false);
  });

  test('as an exception, lets lower-case texts through and a length still counts capitals as letters', () => {
    const c = rendered([has(0), has(2), unless(1)]);
    expect(c.name).toBe('ABBR:exp <- starts "what is" & at most 4 words unless a word in capitals');
    const re = new RegExp(c.pattern, c.flags);
    expect(re.test('What is Autism ?')).toBe(true);
    expect(re.test('What is NASA ?')).toBe(false);
    expect(re.test('What Is The Sun Made Of ?')).toBe(false);
  });

  test('is screened safe at once', () => {
    const c = rendered([has(0), unless(1)]);
    expect(screenRedosStatic(c.pattern, c.flags)).toMatchObject({ status: 'safe', by: 'static' });
  });

  test('a rule without a cased shape keeps the case-insensitive flag', () => {
    const c = renderRule({ literals: [{ feature: 0, negated: false }], label: 'x', kindOf: () => Kind.Word, keyOf: () => 'what', tp: 1, n: 1 });
    expect(c.flags).toBe('i');
    expect(c.pattern).toBe('\\bwhat\\b');
  });
});

describe('covering with shapes', () => {
  test('tells an acronym question from a definition question where no word does', () => {
    const acronyms = ['NASA', 'NATO', 'AIDS', 'CNN', 'IBM', 'UNICEF'].map((x) => `What is ${x} ?`);
    const terms = ['autism', 'epilepsy', 'caffeine', 'an isthmus', 'cholesterol', 'a urologist'].map((x) => `What is ${x} ?`);
    const texts = [...acronyms, ...terms];
    const labels = [...acronyms.map(() => 'ABBR:exp'), ...terms.map(() => 'DESC:def')];
    const list = learnDecisionList(texts, labels, ['ABBR:exp', 'DESC:def'], ALL, opts, 1);
    const [first] = list.rules;
    expect(first!.literals.map((l) => list.index.keys[l.feature])).toEqual(['caps']);
    expect([first!.tp, first!.n]).toEqual([6, 6]);
    expect(list.rules.every((r) => r.tp === r.n)).toBe(true);
    // Without shapes the acronyms share every word with the definitions, and some rule is wrong on train.
    const plain = learnDecisionList(texts, labels, ['ABBR:exp', 'DESC:def'], { ...ALL, shapes: false }, opts, 1);
    expect(plain.rules.some((r) => r.tp < r.n)).toBe(true);
  });
});
