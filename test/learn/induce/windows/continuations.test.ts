import { describe, expect, test } from 'vitest';
import { marked } from '../../../helpers/marked.js';
import { spanDocs } from '../../../../src/learn/induce/spans/index.js';
import { renderWindow } from '../../../../src/learn/induce/windows/render-windows.js';
import { selectWindows } from '../../../../src/learn/induce/windows/select-windows.js';
import { BREAK, indexWindows, parseKey, SPACED, TOUCHING, type WindowIndex } from '../../../../src/learn/induce/windows/windows.js';

const TIMES = ['at [7:30] ok', 'at [11:45 pm] ok', 'book [9:15] now', 'at [12:00 PM] then', 'for [8:30 am] please', 'at [6:45 AM].', 'at [10:15] please', 'it is 4:20 and 6 people'];

/** What a rendered candidate matches in each text, as window offsets. */
function regexWindows(ix: WindowIndex, key: string, texts: readonly string[]): string[] {
  const { label, pattern } = parseKey(key, ix.meta);
  const c = renderWindow({ label: ix.labels[label]!, pattern, tp: 0, n: 0, score: 0 });
  return texts.flatMap((t, d) => [...t.matchAll(new RegExp(c.pattern, `${c.flags}g`))].map((m) => `${d}:${m.index}:${m.index + m[0].length}`));
}

describe('optional continuations of a template', () => {
  const docs = spanDocs(TIMES.map((t, k) => marked(`t${k}`, t, 'time')));
  const ix = indexWindows(docs, { maxTokens: 4, minContextSupport: 2, optionalTokens: 2, continuationMinGain: 1 });
  const head = `d${TOUCHING}:${TOUCHING}d`;
  const merged = [...ix.occurrences.keys()].filter((k) => k.startsWith(`0\u0001${head}\u0001`) && parseKey(k, ix.meta).pattern.optional);

  test('a template whose gold spans also go on by a word gets a candidate with the word optional, longest at each place', () => {
    const bare = merged.find((k) => {
      const { pattern } = parseKey(k, ix.meta);
      return pattern.left === null && pattern.optional!.includes(`${SPACED}w:pm`) && pattern.optional!.includes(`${SPACED}w:am`);
    })!;
    // Never with a continuation that takes any word, which would read "7:30 ok" as a time.
    expect(parseKey(bare, ix.meta).pattern.optional!.some((o) => /x/i.test(o.replace('w:', '')))).toBe(false);
    const list = ix.occurrences.get(bare)!;
    // Eight times, one window each: the longest ("11:45 pm", not "11:45" beside it); all but "4:20" gold.
    expect(list.length).toBe(8);
    expect(list.filter((w) => ix.gold[w] === 0).length).toBe(7);
  });

  test('every rendered candidate with continuations matches exactly the windows the index counted', () => {
    expect(merged.length).toBeGreaterThan(3);
    for (const key of merged) {
      const counted = ix.occurrences.get(key)!.map((w) => `${ix.doc[w]}:${ix.start[w]}:${ix.end[w]}`);
      expect([key, regexWindows(ix, key, docs.map((d) => d.text)).sort()]).toEqual([key, counted.sort()]);
    }
  });

  test('before a break, the longest form that ends at one is taken, as the regex backtracks to it', () => {
    const people = ['for [5 people].', 'for [2] tonight', 'for [6 people] please', 'for [3].', 'for 7:30 please', 'for [4 people]:x', 'for [8] ok'].map((t, k) => marked(`p${k}`, t, 'people'));
    const pdocs = spanDocs(people);
    const pix = indexWindows(pdocs, { maxTokens: 3, minContextSupport: 2, optionalTokens: 2 });
    const key = [...pix.occurrences.keys()].find((k) => {
      const { pattern } = parseKey(k, pix.meta);
      return pattern.template === 'd' && pattern.left === `w:for${SPACED}` && pattern.right === BREAK && pattern.optional?.join() === `${SPACED}w:people`;
    })!;
    const found = pix.occurrences.get(key)!.map((w) => pdocs[pix.doc[w]!]!.text.slice(pix.start[w], pix.end[w]));
    // Not "7" of "7:30"; "4" where "4 people" is followed by a colon.
    expect(found).toEqual(['5 people', '2', '6 people', '3', '4', '8']);
    expect(regexWindows(pix, key, pdocs.map((d) => d.text)).length).toBe(found.length);
  });

  test('selection prefers the one rule with its continuations to the template and its longer forms apart', () => {
    const sel = selectWindows(ix, { z: 1.96, minSupport: 1, maxRules: 10, maxRulesPerLabel: 10, mostExceptions: 20, deadline: Infinity });
    const first = renderWindow(sel.rules[0]!);
    expect(first.name).toBe('time <- d : d [am | pm] after "at"');
    expect('at 7:30 PM or at 11:45 am'.match(new RegExp(first.pattern, `${first.flags}g`))).toEqual(['7:30 PM', '11:45 am']);
  });

  test('a continuation is a candidate only where it finds more gold spans than the template alone', () => {
    const few = ['at [7:30] ok', 'at [8:15] then', 'at [9:45 pm]'].map((t, k) => marked(`f${k}`, t, 'time'));
    const fix = indexWindows(spanDocs(few), { maxTokens: 4, minContextSupport: 2, optionalTokens: 2, continuationMinGain: 1 });
    const bare = [...fix.occurrences.keys()].map((k) => parseKey(k, fix.meta).pattern).filter((p) => p.template === head && !p.left && !p.right && p.optional);
    // "any lowercase word" would lose "7:30" and "8:15" to "7:30 ok" and "8:15 then" for the one "9:45 pm".
    expect(bare.map((p) => p.optional!.join())).toContain(`${SPACED}w:pm`);
    expect(bare.map((p) => p.optional!.join())).not.toContain(`${SPACED}x`);
  });

  test('a continuation that fixes a digit count is dropped beside the one that does not', () => {
    const dates = ['on [May 9]', 'on [June 12, 2018] ok', 'on [July 4, 2019]', 'on [March 3, 20]'].map((t, k) => marked(`d${k}`, t, 'date'));
    const dix = indexWindows(spanDocs(dates), { maxTokens: 4, minContextSupport: 2, optionalTokens: 2 });
    const opts = [...dix.occurrences.keys()].map((k) => parseKey(k, dix.meta).pattern).filter((p) => p.template === `Xx${SPACED}d` && p.optional);
    expect(opts.length).toBeGreaterThan(0);
    for (const p of opts) expect(p.optional).not.toContain(`${TOUCHING},${SPACED}d4`);
    expect(opts[0]!.optional).toContain(`${TOUCHING},${SPACED}d`);
  });
});
