import { describe, expect, test } from 'vitest';
import { Example } from '../../src/core/schemas/example.js';
import { Task } from '../../src/core/schemas/task.js';
import { KeywordList, wordFeatures } from './learning/keyword-list.js';
import { windows } from './learning/long-documents.js';
import { scorePredictions } from './learning/score.js';
import { spanBaseline } from './learning/span-baselines.js';
import { occurrences, SurfaceList } from './learning/span-keywords.js';
import { carve } from './learning/splits.js';
import { TfidfLogReg } from './learning/tfidf-logreg.js';
import { TokenTagger } from './learning/token-tagger.js';

const rows = (label: string, texts: string[]) => texts.map((text) => ({ text, label }));

describe('keyword decision list', () => {
  const list = KeywordList.train([
    ...rows('refund', ['refund my order', 'I want a refund', 'refund please now']),
    ...rows('cancel', ['cancel my order', 'please cancel it', 'cancel the plan']),
    ...rows('greet', ['hello there', 'hello friend']),
  ]);

  test.each([
    ['a refund for me', 'refund'],
    ['cancel everything', 'cancel'],
    ['hello', 'greet'],
    ['what is the weather', null],
    ['my order', null],
  ])('classifies %j as %j', (text, label) => {
    expect(list.classify(text)).toBe(label);
  });

  test('abstains when the best matching features tie between labels', () => {
    expect(list.classify('refund or cancel')).toBeNull();
  });

  test('keeps only features with precision >= 0.9 and support >= 2, best first', () => {
    const features = list.entries.map((e) => e.feature);
    expect(features).toEqual(expect.arrayContaining(['refund', 'cancel', 'hello']));
    expect(features).not.toContain('order');
    expect(features).not.toContain('there');
    expect(list.entries[0]!.support).toBe(3);
  });

  test('the first listed feature wins over a lower-ranked one of another label', () => {
    expect(list.classify('hello, refund please')).toBe('refund');
  });

  test('word features are lower-cased words and bigrams', () => {
    expect([...wordFeatures('Refund my ORDER')]).toEqual(['refund', 'my', 'order', 'refund my', 'my order']);
  });
});

describe('tf-idf logistic regression', () => {
  test('learns a separable toy set', () => {
    const train = [
      ...rows('sport', ['the match ended in a goal', 'a late goal won the match', 'the striker scored a goal', 'the team won the cup']),
      ...rows('money', ['the bank raised interest rates', 'interest on my savings account', 'the bank charged a fee', 'rates on the loan rose']),
    ];
    const lr = TfidfLogReg.train(train, { epochs: 30 });
    for (const r of train) expect(lr.classify(r.text)).toBe(r.label);
    expect(lr.classify('a goal in the cup match')).toBe('sport');
    expect(lr.classify('bank interest rates')).toBe('money');
  });
});

describe('span baselines', () => {
  const ex = (text: string, spans: [string, string][]) => ({
    text,
    spans: spans.map(([surface, label]) => ({ start: text.indexOf(surface), end: text.indexOf(surface) + surface.length, label })),
  });

  test('occurrences never cut a word', () => {
    expect(occurrences('8 at 18:00, 8pm or 8', '8')).toEqual([0, 19]);
  });

  test('the surface list keeps precise, repeated forms and matches them longest first', () => {
    const list = SurfaceList.train([
      ex('book for New York at noon', [['New York', 'city'], ['noon', 'time']]),
      ex('New York at noon again', [['New York', 'city'], ['noon', 'time']]),
      ex('York is nice', [['York', 'city']]),
      ex('Paris only once', [['Paris', 'city']]),
      ex('noon', []),
    ]);
    const kept = list.entries.map((e) => `${e.surface}/${e.label}`);
    expect(kept).toEqual(['New York/city']);
    expect(list.find('see New York')).toEqual([{ start: 4, end: 12, label: 'city', score: expect.any(Number) }]);
    expect(list.find('see York')).toEqual([]);
  });

  test('the token tagger learns a separable toy set and decodes BIO tags to spans', () => {
    const data = ['see you at 7 pm', 'meet at 9 pm today', 'at 10 pm then', 'call at 8 pm', 'lunch at 1 pm ok', 'dinner at 6 pm'].map((t) => {
      const m = /\d+ pm/.exec(t)!;
      return { text: t, spans: [{ start: m.index, end: m.index + m[0].length, label: 'time' }] };
    });
    const tagger = TokenTagger.train(data, { epochs: 30 });
    const found = tagger.find('see me at 5 pm');
    expect(found.map((s) => [s.start, s.end, s.label])).toEqual([[10, 14, 'time']]);
  });

  test('a transformation task learns from the values found verbatim and answers with the best span per field', () => {
    const task = Task.parse({ name: 'r', type: 'transformation', labels: ['total'] });
    const mk = (id: string, amount: string) => Example.parse({ id, input: { text: `SHOP\nTOTAL ${amount}\nTHANKS` }, output: { total: amount } });
    const labelled = [mk('a', '9.00'), mk('b', '12.50'), mk('c', '9.00'), mk('d', '12.50'), Example.parse({ id: 'e', input: { text: 'nothing' }, output: { total: '1.00' } })];
    const kw = spanBaseline(task, labelled, 'keyword');
    expect(kw.notes[0]).toMatch(/^4 of 5 labelled field values/);
    expect(kw.predict(mk('t', '9.00'))).toEqual({ output: { total: '9.00' } });
    expect(kw.predict(mk('u', '3.10'))).toEqual({ output: {} });
  });
});

describe('benchmark plumbing', () => {
  test('baseline predictions are scored by the task scorer, abstentions lowering accuracy and coverage', () => {
    const task = Task.parse({ name: 'c', type: 'classification', labels: ['a', 'b'] });
    const test = ['a', 'b', 'a', 'b'].map((label, i) => Example.parse({ id: `t${i}`, text: 'x', label, split: 'test' }));
    const s = scorePredictions(task, test, [{ label: 'a' }, { label: 'a' }, { label: null }, { label: 'b' }]);
    expect(s).toMatchObject({ n: 4, accuracy: 0.5, coverage: 0.75 });
    expect(s.precision).toBeCloseTo(2 / 3);
  });

  test('carve makes a stratified, seeded dev split', () => {
    const pool = Array.from({ length: 50 }, (_, i) => Example.parse({ id: `e${i}`, text: `t${i}`, label: i < 25 ? 'a' : 'b' }));
    const a = carve(pool, 0.2);
    expect(a.dev.filter((e) => e.label === 'a')).toHaveLength(5);
    expect(a.dev.filter((e) => e.label === 'b')).toHaveLength(5);
    expect(a.dev.every((e) => e.split === 'dev')).toBe(true);
    expect(carve(pool, 0.2).dev.map((e) => e.id)).toEqual(a.dev.map((e) => e.id));
  });

  test('long-document windows have about the window size, start at word starts and cover the text', () => {
    const text = Array.from({ length: 800 }, (_, i) => `word${i}`).join(' ');
    const ws = windows(text, 2000, 100);
    expect(ws.length).toBeGreaterThan(10);
    for (const w of ws) {
      expect(w.length).toBeGreaterThan(1000);
      expect(w.length).toBeLessThanOrEqual(2000);
      expect(w).toMatch(/^word\d+/);
      expect(w).toMatch(/word\d+$/);
      expect(text).toContain(w);
    }
    expect(text.startsWith(ws[0]!)).toBe(true);
    expect(text.endsWith(ws.at(-1)!)).toBe(true);
    expect(windows('short text', 2000, 100)).toEqual(['short text']);
  });
});
