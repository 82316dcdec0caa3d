import { describe, expect, test } from 'vitest';
import { predict } from '../../../../src/core/engine/predict.js';
import { Example } from '../../../../src/core/schemas/example.js';
import { Task } from '../../../../src/core/schemas/task.js';
import { induceRules } from '../../../../src/learn/induce/index.js';

const TIMEOUT = 60_000;

/** An example with its gold spans given as [text, label], found in order. */
function example(id: string, text: string, spans: [string, string][]): Example {
  let from = 0;
  return Example.parse({
    id,
    text,
    spans: spans.map(([form, label]) => {
      const start = text.indexOf(form, from);
      from = start + form.length;
      return { start, end: from, label };
    }),
  });
}

/** What the rules extract from each text, as `LABEL:text`. */
function extracted(task: Task, rules: Parameters<typeof predict>[1], texts: readonly string[]): string[][] {
  const { predictions } = predict(task, rules, texts.map((text, i) => ({ id: `t${i}`, text })), { statuses: ['active', 'proposed'] });
  return predictions.map((p, i) => (p?.spans ?? []).map((s) => `${s.label}:${texts[i]!.slice(s.start, s.end)}`));
}

describe('span candidates, end to end', () => {
  const money = Task.parse({ name: 'fees', type: 'ner', labels: ['MONEY'] });
  const wordings = ['The invoice came to {} in total.', 'We paid {} for the repair.', 'A ticket costs {} now.', 'She lent me {} last week.'];
  /** A different amount for every i, in the formats the examples use: whole dollars of one to three digits, cents, thousands. */
  const amount = (i: number) => {
    const whole = String((i * 37) % 10 ** ((i % 3) + 1) || 7);
    const cents = String(10 + ((i * 13) % 90));
    return ['$' + whole, `$${whole}.${cents}`, `$${(i % 9) + 1},${String(100 + i).padStart(3, '0')}`, `$${(i % 9) + 1},${String(200 + i)}.${cents}`][i % 4]!;
  };
  const moneyDocs = (from: number, n: number) =>
    Array.from({ length: n }, (_, i) => {
      const a = amount(from + i);
      const text = `${wordings[(from + i) % wordings.length]!.replace('{}', a)} It took ${(i % 20) + 3} days.`;
      return example(`m${from + i}`, text, [[a, 'MONEY']]);
    });

  test(
    'amounts of several digit counts give one rule that catches unseen amounts of other counts, and no durations',
    async () => {
      const res = await induceRules(money, moneyDocs(0, 30), { dev: moneyDocs(30, 12), seed: 1 });
      const texts = ['The bill was $75,000 in total.', 'Pay $1,234.56 today.', 'It is $9 only.', 'Wait 14 days.'];
      expect(extracted(money, res.rules, texts)).toEqual([['MONEY:$75,000'], ['MONEY:$1,234.56'], ['MONEY:$9'], []]);
      expect(res.rules.some((r) => r.pattern.includes('(?:,\\d{3})*'))).toBe(true);
    },
    TIMEOUT,
  );

  const music = Task.parse({ name: 'music', type: 'ner', labels: ['TITLE', 'ARTIST'] });
  const songs: [string, string][] = [
    ['Yellow Submarine', 'The Beatles'],
    ['Halo', 'Beyoncé'],
    ['Purple Rain', 'Prince'],
    ['Dancing Queen', 'ABBA'],
    ['Wonderwall', 'Oasis'],
    ['Like A Rolling Stone', 'Bob Dylan'],
    ['Hotel California', 'The Eagles'],
    ['Smells Like Teen Spirit', 'Nirvana'],
    ['Rolling In The Deep', 'Adele'],
    ['Billie Jean', 'Michael Jackson'],
    ['Imagine', 'John Lennon'],
    ['Respect', 'Aretha Franklin'],
  ];
  const openers = ['play', 'please play', 'can you play', 'I want to hear', 'put on'];
  const musicDocs = (pairs: readonly [string, string][], offset: number) =>
    pairs.map(([t, a], i) => {
      const opener = openers[(i + offset) % openers.length]!;
      return example(`s${offset + i}`, `${opener} ${t} by ${a}`, [[t, 'TITLE'], [a, 'ARTIST']]);
    });

  test(
    'play X by Y: unseen titles and artists are extracted between the learned wording',
    async () => {
      const res = await induceRules(music, musicDocs(songs.slice(0, 9), 0), { dev: musicDocs(songs.slice(9), 9), seed: 1 });
      // Both fillers are learned, each taking its run as group 1.
      for (const label of ['TITLE', 'ARTIST']) expect(res.rules.some((r) => r.output.label === label && r.output.group === '$1' && r.pattern.includes('{0,'))).toBe(true);
      const texts = ['play Bohemian Rhapsody by Queen', 'please play Sweet Child O Mine by Guns N Roses'];
      const [first, second] = extracted(music, res.rules, texts);
      expect(first).toEqual(['TITLE:Bohemian Rhapsody', 'ARTIST:Queen']);
      // A two-word shape learned beside the fillers also fires inside the longer title.
      expect(second).toEqual(expect.arrayContaining(['TITLE:Sweet Child O Mine', 'ARTIST:Guns N Roses']));
    },
    TIMEOUT,
  );
});
