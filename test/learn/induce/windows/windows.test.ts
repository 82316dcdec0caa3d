import { describe, expect, test } from 'vitest';
import { Example } from '../../../../src/core/schemas/example.js';
import { Task } from '../../../../src/core/schemas/task.js';
import { predict } from '../../../../src/core/engine/predict.js';
import { induceRules } from '../../../../src/learn/induce/index.js';
import { spanDocs } from '../../../../src/learn/induce/spans/index.js';
import { codeSource, renderWindow } from '../../../../src/learn/induce/windows/render-windows.js';
import { constraints, selectWindows } from '../../../../src/learn/induce/windows/select-windows.js';
import { spanTokens, type SpanToken } from '../../../../src/learn/induce/windows/tokens.js';
import { BOS, eachWindowFrom, EOS, indexWindows, SPACED, TOUCHING } from '../../../../src/learn/induce/windows/windows.js';

/** The templates of the window of tokens i..j, at every level. */
function templates(toks: readonly SpanToken[], i: number, j: number): readonly string[] {
  let out: readonly string[] = [];
  eachWindowFrom(toks, i, j - i + 1, null, (_k, ts) => (out = ts));
  return out;
}

const FIRST = ['Anna', 'Ben', 'Cara', 'Dev', 'Eli', 'Fay', 'Gus', 'Hal', 'Ida', 'Jo', 'Kim', 'Lou'];
const LAST = ['Moss', 'Nash', 'Orr', 'Pike', 'Quinn', 'Reed', 'Stone', 'Tate', 'Vance', 'Ward', 'Young', 'Zane'];

/** Bookings under a name: the last name is always the capitalised word after the first name after "under". */
function bookings(from: number, n: number, split: 'train' | 'dev' | 'test'): Example[] {
  return Array.from({ length: n }, (_, k) => {
    const i = (from + k) % FIRST.length;
    const j = (from + 3 * k) % LAST.length;
    const text = `Table for ${2 + (k % 5)} under ${FIRST[i]} ${LAST[j]} please`;
    const start = text.indexOf(LAST[j]!);
    return Example.parse({ id: `${split}-${k}`, text, spans: [{ start, end: start + LAST[j]!.length, label: 'last_name' }], split });
  });
}

describe('span tokens', () => {
  test.each([
    ['December', 'w:december', 'Xx'],
    ['19th', 'd+th', 'd+th'],
    ['930pm', 'd+pm', 'd+pm'],
    ['12', 'd2', 'd2'],
    ['NYC', 'w:nyc', 'X'],
    [':', ':', ':'],
  ])('%s has the literal %s and the shape %s', (text, literal, shape) => {
    expect(spanTokens(text)[0]).toMatchObject({ literal, shape });
  });

  test('numbers and punctuation that touch are separate tokens with no whitespace between', () => {
    expect(spanTokens('at 8:15').map((t) => [t.literal, t.spaced])).toEqual([
      ['w:at', false],
      ['d1', true],
      [':', false],
      ['d2', false],
    ]);
  });
});

describe('rendering', () => {
  test.each([
    ['Xx', 'Moss', 'moss'],
    ['d+pm', '930PM', '930am'],
    ['w:under', 'Under', 'uNDER'],
    ['w:under', 'UNDER', 'Unde'],
    ['d+a', '18th', '18'],
    ['d+a', '2nd', '2nd5'],
    ['d2', '12', '1'],
    ['d', '1234', '12a'],
  ])('code %s matches %s and not %s', (code, yes, no) => {
    const re = new RegExp(`^${codeSource(code)}$`, 'u');
    expect(re.test(yes)).toBe(true);
    expect(re.test(no)).toBe(false);
  });

  test('a template with context becomes lookarounds around exact span offsets', () => {
    const c = renderWindow({ label: 'last_name', pattern: { template: 'Xx', left: `Xx${SPACED}`, right: `w:please${SPACED}`, when: null }, tp: 5, n: 5, score: 0.5 });
    const m = new RegExp(c.pattern, c.flags).exec('under Anna Moss please');
    expect(m?.[0]).toBe('Moss');
    expect(c.name).toBe('last_name <- Xx after "Xx", before "please"');
    const bare = renderWindow({ label: 'people', pattern: { template: 'd2', left: BOS, right: EOS, when: null }, tp: 9, n: 9, score: 0.7 });
    expect(bare.name).toBe('people <- d2 at the start, at the end');
    expect(new RegExp(bare.pattern, bare.flags).exec(' 13.')?.[0]).toBe('13');
    expect(new RegExp(bare.pattern, bare.flags).test('table 13 now')).toBe(false);
    const time = renderWindow({ label: 'time', pattern: { template: `d1${TOUCHING}:${TOUCHING}d2`, left: null, right: null, when: null }, tp: 1, n: 1, score: 0.2 });
    expect(new RegExp(time.pattern, time.flags).exec('at 8:15.')?.[0]).toBe('8:15');
  });
});

describe('window index and selection', () => {
  test('counts every window a gold template fits and picks the context that makes it precise', () => {
    const ix = indexWindows(spanDocs(bookings(0, 24, 'train')), { maxTokens: 2, minContextSupport: 2 });
    expect(ix.goldTotal).toBe(24);
    expect(ix.unreachable).toBe(0);
    const sel = selectWindows(ix, { z: 1.96, minSupport: 1, maxRules: 10, maxRulesPerLabel: 10, mostExceptions: 20, deadline: Infinity });
    // A bare capitalised word is a name a third of the time here ("Table", first names); after a capitalised word it always is.
    expect(sel.rules[0]!.pattern.template).toBe('Xx');
    expect(sel.rules[0]!.tp).toBe(24);
    expect(sel.rules[0]!.tp / sel.rules[0]!.n).toBe(1);
  });

  test('times with one and two digits of hour share a template of numbers of any length', () => {
    const times = ['at 1:30 ok', 'at 11:45 ok', 'at 9:15 ok', 'at 12:00 ok'].map((text, k) => {
      const start = text.indexOf(':') - (k % 2 ? 2 : 1);
      return Example.parse({ id: `t${k}`, text, spans: [{ start, end: start + (k % 2 ? 5 : 4), label: 'time' }], split: 'train' });
    });
    const ix = indexWindows(spanDocs(times), { maxTokens: 3, minContextSupport: 2 });
    const loose = `d${TOUCHING}:${TOUCHING}d`;
    expect(ix.occurrences.get(`0\u0001${loose}\u0001\u0001\u0001`)?.length).toBe(4);
    expect(ix.occurrences.get(`0\u0001d1${TOUCHING}:${TOUCHING}d2\u0001\u0001\u0001`)?.length).toBe(2);
    const c = renderWindow({ label: 'time', pattern: { template: loose, left: null, right: null, when: null }, tp: 4, n: 4, score: 0.5 });
    expect('at 10:05 and 7:20'.match(new RegExp(c.pattern, `${c.flags}g`))).toEqual(['10:05', '7:20']);
  });

  test('a word then a capitalised word is a context: a last name after "for" and a first name, not a place after "called" and a name', () => {
    const PLACES = ['Pizza Hut', 'Cafe Rouge', 'Burger King', 'Acton Green', 'Caffe Nero', 'West Central'];
    const booked = (k: number): Example => {
      const last = LAST[k % LAST.length]!;
      const text = `Table for ${FIRST[k % FIRST.length]} ${last} please`;
      const start = text.indexOf(` ${last} `) + 1;
      return Example.parse({ id: `b${k}`, text, spans: [{ start, end: start + last.length, label: 'last_name' }], split: 'train' });
    };
    const places = PLACES.map((p, k) => Example.parse({ id: `p${k}`, text: `a table at a place called ${p} tonight`, spans: [], split: 'train' }));
    const ix = indexWindows(spanDocs([...Array.from({ length: 12 }, (_, k) => booked(k)), ...places]), { maxTokens: 1, minContextSupport: 2 });
    const key = `0\u0001Xx\u0001w:for${SPACED}Xx${SPACED}\u0001\u0001`;
    expect(ix.occurrences.get(key)?.filter((w) => ix.gold[w] === 0).length).toBe(12);
    expect(ix.occurrences.get(key)?.length).toBe(12);
    // After a capitalised word alone, a place's second word is a miss.
    expect(ix.occurrences.get(`0\u0001Xx\u0001Xx${SPACED}\u0001\u0001`)?.length).toBe(12 + PLACES.length);
    const c = renderWindow({ label: 'last_name', pattern: { template: 'Xx', left: `w:for${SPACED}Xx${SPACED}`, right: null, when: null }, tp: 12, n: 12, score: 0.7 });
    expect(c.name).toBe('last_name <- Xx after "for Xx"');
    expect(new RegExp(c.pattern, c.flags).exec('a table for Maya Okafor at 8')?.[0]).toBe('Okafor');
    expect(new RegExp(c.pattern, c.flags).test('somewhere called Pizza Hut')).toBe(false);
  });

  test('induceRules learns span rules that find names it never saw', async () => {
    const task = Task.parse({ name: 'names', type: 'extraction', labels: ['last_name'], matching: { mode: 'exact' } });
    const res = await induceRules(task, bookings(0, 30, 'train'), { dev: bookings(5, 12, 'dev'), seed: 1 });
    expect(res.report.windows?.selected).toBeGreaterThan(0);
    const unseen = Example.parse({ id: 'u', text: 'Table for 2 under Maya Okafor please', spans: [], split: 'test' });
    const p = predict(task, res.rules, [unseen], { statuses: ['proposed'] }).predictions[0]!;
    expect(p.spans?.map((s) => s.text)).toEqual(['Okafor']);
  });
});

describe('windows from one token', () => {
  const toks = spanTokens('paid on 12 March 2001 the fee');
  // The templates over the leading tokens of the gold "12 March 2001" (tokens 2 to 4).
  const g = 2;
  const prefixes = new Set([g, g + 1, g + 2].flatMap((j) => templates(toks, g, j)));
  const visited = (i: number, p: ReadonlySet<string> | null) => {
    const out: [number, readonly string[]][] = [];
    eachWindowFrom(toks, i, 4, p, (j, ts) => out.push([j, ts]));
    return out;
  };

  test('extends each template a token at a time: the templates of every window, as built whole', () => {
    const all = visited(0, null);
    expect(all.map(([j]) => j)).toEqual([0, 1, 2, 3]);
    for (const [j, ts] of all) expect(ts).toEqual(templates(toks, 0, j));
  });

  test.each([
    ['from the gold start, up to its end', g, [g, g + 1, g + 2]],
    ['from a word that starts no gold template', 0, []],
    ['from inside the gold span', g + 1, []],
  ])('stops once no template can grow into a gold one: %s', (_t, from, js) => {
    expect(visited(from, prefixes).map(([j]) => j)).toEqual(js);
  });
});

describe('generality at equal evidence', () => {
  test('words with numbers of any length are a template of their own: "in 2 days" and "in 15 days" share one', () => {
    const of = (text: string) => {
      const toks = spanTokens(text);
      return templates(toks, 0, toks.length - 1);
    };
    const shared = of('in 2 days').filter((t) => of('in 15 days').includes(t));
    expect(shared).toEqual([`x${SPACED}d${SPACED}x`, `w:in${SPACED}d${SPACED}w:days`]);
  });

  test.each([
    ['a bare shape', { template: `Xx${SPACED}d`, left: null, right: null, when: null }, 0],
    ['a word and a number of two digits', { template: `w:in${SPACED}d2`, left: null, right: null, when: null }, 2],
    ['a word after a context word', { template: 'w:tomorrow', left: `w:for${SPACED}`, right: null, when: null }, 2],
  ])('constraints counts contexts, fixed digit counts and words: %s', (_t, pattern, n) => {
    expect(constraints(pattern)).toBe(n);
  });

  test('of candidates with the same train evidence, selection takes the one with fewer constraints', () => {
    // A time rule first, then three date candidates on the same three gold windows: bare, after
    // "for", and after "for" and before "please". By key order alone the last would come out next.
    const key = (label: number, template: string, left = '', right = '') => `${label}\u0001${template}\u0001${left}\u0001${right}\u0001`;
    const ix = {
      doc: Int32Array.from([0, 1, 2, 0, 1, 2, 3]),
      start: Int32Array.from([0, 0, 0, 20, 20, 20, 20]),
      end: Int32Array.from([8, 8, 8, 25, 25, 25, 25]),
      gold: Int32Array.from([1, 1, 1, 0, 0, 0, 0]),
      head: Int32Array.from([-1, -1, -1, -1, -1, -1, -1]),
      heads: { words: [], common: new Set<number>() },
      occurrences: new Map([
        [key(0, 'w:eight'), [3, 4, 5, 6]],
        [key(1, 'w:tomorrow'), [0, 1, 2]],
        [key(1, 'w:tomorrow', `w:for${SPACED}`), [0, 1, 2]],
        [key(1, 'w:tomorrow', `w:for${SPACED}`, `w:please${SPACED}`), [0, 1, 2]],
      ]),
      meta: [],
      labels: ['time', 'date'],
      unreachable: 0,
      goldTotal: 7,
    };
    const sel = selectWindows(ix, { z: 1.96, minSupport: 2, maxRules: 5, maxRulesPerLabel: 5, mostExceptions: 20, deadline: Infinity });
    expect(sel.rules.map((r) => [r.label, r.pattern.template, r.pattern.left, r.pattern.right])).toEqual([
      ['time', 'w:eight', null, null],
      ['date', 'w:tomorrow', null, null],
    ]);
  });
});
