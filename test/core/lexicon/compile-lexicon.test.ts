import { describe, expect, test } from 'vitest';
import { IntBuffer } from '../../../src/core/engine/int-buffer.js';
import { RulewrightError } from '../../../src/core/errors.js';
import { AUTOMATON_MIN_TERMS, compileLexicon, lexiconSource } from '../../../src/core/lexicon/compile-lexicon.js';

type Opts = { caseSensitive?: boolean; wordBoundary?: boolean };

function spans(kind: 'regex' | 'automaton', terms: string[], opts: Opts, text: string): [number, number][] {
  const lex = compileLexicon(terms, { caseSensitive: opts.caseSensitive ?? false, wordBoundary: opts.wordBoundary ?? true }, kind);
  const buf = new IntBuffer();
  if (lex.kind === 'automaton') lex.automaton.scan(text, buf, false);
  else {
    const re = lex.regex;
    re.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text)) !== null) buf.push2(m.index, m.index + m[0].length);
  }
  const out: [number, number][] = [];
  for (let i = 0; i < buf.length; i += 2) out.push([buf.data[i]!, buf.data[i + 1]!]);
  return out;
}

// [title, terms, options, text, expected spans]
const cases: [string, string[], Opts, string, [number, number][]][] = [
  ['ignores case by default', ['new york'], {}, 'I love NEW York.', [[7, 15]]],
  ['case-sensitive keeps case', ['Apple'], { caseSensitive: true }, 'apple Apple APPLE', [[6, 11]]],
  ['word boundary: not inside a word', ['cat'], {}, 'cat concat cats cat.', [[0, 3], [16, 19]]],
  ['no word boundary: inside words too', ['cat'], { wordBoundary: false }, 'cat concat cats cat.', [[0, 3], [7, 10], [11, 14], [16, 19]]],
  ['overlapping terms: leftmost-longest wins, no overlap', ['new', 'new york', 'york city'], {}, 'new york city', [[0, 8]]],
  ['longest term that respects the boundary', ['new', 'new york'], {}, 'new yorker', [[0, 3]]],
  ['shared prefixes', ['card', 'cards', 'card limit'], {}, 'cards: card limit, card', [[0, 5], [7, 17], [19, 23]]],
  ['Unicode word boundary: ı is a letter', ['Sar'], {}, 'Sarısoy and Sar', [[12, 15]]],
  ['Unicode letters in terms', ['Çağlayan'], {}, 'Mr Çağlayan, Çağlayanlar', [[3, 11]]],
  ['Unicode case: Greek with final sigma', ['ΟΔΟΣ'], {}, 'στην οδος ΟΔΟΣ', [[5, 9], [10, 14]]],
  ['Kelvin sign folds to k', ['kg'], {}, '5 \u212Ag', [[2, 4]]],
  ['simple folding: ß is not ss', ['straße'], {}, 'STRASSE Straße STRAẞE', [[8, 14], [15, 21]]],
  ['punctuation edge needs no boundary', ['C++'], {}, 'C++x, aC++ and C++.', [[0, 3], [15, 18]]],
  ['regex syntax in terms is literal', ['a.b', '(x)', 'a|b'], {}, 'a.b axb (x) a|b', [[0, 3], [8, 11], [12, 15]]],
  ['astral characters', ['😀'], {}, 'a😀b 😀', [[1, 3], [5, 7]]],
  ['digits are word characters', ['12'], {}, '12 123 x12', [[0, 2]]],
  ['empty terms are ignored', ['', 'ok'], {}, 'ok', [[0, 2]]],
];

describe('lexicon matchers', () => {
  test.each(cases)('%s (trie regex)', (_t, terms, opts, text, expected) => {
    expect(spans('regex', terms, opts, text)).toEqual(expected);
  });

  test.each(cases)('%s (Aho–Corasick)', (_t, terms, opts, text, expected) => {
    expect(spans('automaton', terms, opts, text)).toEqual(expected);
  });

  test('both matchers agree on a larger random-ish term list', () => {
    const words = ['bank', 'banking', 'card', 'card payment', 'pending', 'pending card payment', 'rate', 'exchange rate', 'Euro', 'ATM', 'atm fee', 'fee'];
    const text = 'My pending card payment at the ATM had an atm fee; the exchange rate for Euro banking cards is a rate. '.repeat(5);
    for (const caseSensitive of [true, false])
      for (const wordBoundary of [true, false]) {
        const a = spans('regex', words, { caseSensitive, wordBoundary }, text);
        expect(a.length).toBeGreaterThan(10);
        expect(spans('automaton', words, { caseSensitive, wordBoundary }, text)).toEqual(a);
      }
  });

  test('both matchers agree on random terms and texts (Unicode, case, punctuation)', () => {
    const alphabet = ['a', 'b', 'A', 'B', 'ß', 'ẞ', 'σ', 'Σ', 'ς', 'ı', 'İ', 'k', 'K', '-', '.', ' ', ' ', '😀', '1'];
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const word = (max: number) => Array.from({ length: 1 + rnd(max) }, () => alphabet[rnd(alphabet.length)]).join('');
    for (let round = 0; round < 200; round++) {
      const terms = Array.from({ length: 1 + rnd(6) }, () => word(4).trim()).filter(Boolean);
      if (!terms.length) continue;
      const text = word(40);
      const opts = { caseSensitive: rnd(2) === 0, wordBoundary: rnd(2) === 0 };
      expect({ round, terms, text, opts, spans: spans('automaton', terms, opts, text) }).toEqual({ round, terms, text, opts, spans: spans('regex', terms, opts, text) });
    }
  });

  test('large lists compile to the automaton, small ones to the trie regex', () => {
    const many = Array.from({ length: AUTOMATON_MIN_TERMS }, (_, i) => `term${i}`);
    expect(compileLexicon(many, { caseSensitive: false, wordBoundary: true }).kind).toBe('automaton');
    expect(compileLexicon(many.slice(1), { caseSensitive: false, wordBoundary: true }).kind).toBe('regex');
  });

  test('a lexicon with no terms is an invalid rule', () => {
    expect(() => compileLexicon(['', ''], { caseSensitive: false, wordBoundary: true })).toThrow(RulewrightError);
    expect(() => lexiconSource([], { caseSensitive: false, wordBoundary: true })).toThrow(/no terms/);
  });

  test('the trie shares prefixes instead of listing every term', () => {
    const src = lexiconSource(['pending card', 'pending cash', 'pending transfer'], { caseSensitive: true, wordBoundary: false });
    expect(src.match(/pending/g)).toHaveLength(1);
  });
});
