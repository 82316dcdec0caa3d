import { describe, expect, test } from 'vitest';
import { clearCompileCache, compileRule } from '../../../src/core/engine/compile-rule.js';
import { executeRules, type RuleOutputs } from '../../../src/core/engine/executor.js';
import { Prefilter } from '../../../src/core/engine/prefilter.js';
import { mulberry32 } from '../../../src/core/random.js';
import type { Rule } from '../../../src/core/schemas/rule.js';
import { lexiconRule, rule } from '../../helpers/rules.js';
import { makeTask } from '../../helpers/temp.js';

const runs = (p: Prefilter, text: string, n: number, ascii = true): boolean[] => Array.from({ length: n }, () => p.allows(text, false, ascii));

describe('the engine prefilter', () => {
  test('lets every text through until the matcher has run often enough to pay for reading its literals', () => {
    const p = new Prefilter({ faithful: { source: '\\bcard\\b', flags: 'gid' }, ascii: null });
    const seen = runs(p, 'nothing here', 300);
    expect(seen.slice(0, 256).every(Boolean)).toBe(true);
    expect(seen.slice(256).some(Boolean)).toBe(false);
    expect(p.allows('my CARD', false, true)).toBe(true);
  });

  test('uses the ASCII regex\'s literals when that regex runs, and under iu screens only ASCII text', () => {
    const p = new Prefilter({ faithful: null, ascii: { source: 'ask', flags: 'gdiu' } });
    runs(p, 'x', 256);
    expect(p.allows('nothing', true, true)).toBe(false);
    expect(p.allows('nothing \u017f', true, false)).toBe(true);
    // The faithful regex (Python's, read only on non-ASCII text) is not screened.
    expect(p.allows('nothing', false, true)).toBe(true);
  });
});

describe('the engine with its prefilter', () => {
  // Words whose case variants, foldings and accents are where a literal screen could go wrong.
  const WORDS = ['card', 'CARD', 'Card', 'still', '\u017ftill', 'ask', 'a\u017f\u212a', '\u212aelvin', 'Kelvin', '\u0130stanbul', 'caf\u00e9', 'Caf\u00c9', 'Acme', 'no.', '12', 'pending', 'PENDING', 'x', 'the'];
  const r = mulberry32(3);
  const texts = Array.from({ length: 700 }, () => Array.from({ length: 1 + Math.floor(r() * 6) }, () => WORDS[Math.floor(r() * WORDS.length)]).join(' '));
  const task = makeTask({ type: 'ner', labels: ['X'] });
  const rules: Rule[] = [
    rule('js-i', '\\bcard\\b', 'X', { flags: 'i' }),
    rule('js-iu', 'ask', 'X', { flags: 'iu' }),
    rule('js-conj', '^(?=.*?\\bpend)(?=.*?\\bcard\\b).+', 'X', { flags: 'is' }),
    rule('js-accent', 'caf\u00e9', 'X', { flags: 'i' }),
    rule('py-i', '\\bstill\\b', 'X', { flags: 'i', dialect: 'python' }),
    rule('py-look', '(?<=no\\. )\\d+', 'X', { dialect: 'python' }),
    rule('py-kelvin', 'kelvin', 'X', { flags: 'i', dialect: 'python' }),
    lexiconRule('lex', ['Acme', 'caf\u00e9', 'Kelvin']),
  ];
  /** Every (document, rule, span) the engine found. */
  const found = (o: RuleOutputs, offset: number): string[] => {
    const out: string[] = [];
    for (let d = 0; d < o.texts.length; d++)
      for (let e = o.docEntries[d]!; e < o.docEntries[d + 1]!; e++)
        for (let i = o.entrySpans[e]!; i < o.entrySpans[e + 1]!; i += 2) out.push(`${offset + d} ${o.rules[o.entryRule[e]!]!.id} ${o.spans[i]}-${o.spans[i + 1]}`);
    return out;
  };

  test('finds exactly what the same rules find before the prefilter has read any literal', () => {
    // Reference: the compile cache emptied every 100 texts, so no matcher reaches the 256 runs that switch the screen on.
    const expected: string[] = [];
    for (let from = 0; from < texts.length; from += 100) {
      clearCompileCache();
      expected.push(...found(executeRules(task, rules.map(compileRule), texts.slice(from, from + 100)), from));
    }
    clearCompileCache();
    const compiled = rules.map(compileRule);
    const actual = found(executeRules(task, compiled, texts), 0);
    expect(actual).toEqual(expected);
    expect(actual.length).toBeGreaterThan(100);
    // The screen was on: a text without "card" is ruled out without running the regex.
    expect(compiled[0]!.matcher.prefilter!.allows('nothing here', false, true)).toBe(false);
  });
});
