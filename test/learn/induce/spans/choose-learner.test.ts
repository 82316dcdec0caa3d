import { describe, expect, test } from 'vitest';
import { Example } from '../../../../src/core/schemas/example.js';
import { Task } from '../../../../src/core/schemas/task.js';
import { induceRules } from '../../../../src/learn/induce/index.js';
import { bestOption, crossValidateSpans, spanOptions, type LearnSpans } from '../../../../src/learn/induce/spans/choose-learner.js';
import { resolveOptions } from '../../../../src/learn/induce/options.js';
import { rule } from '../../../helpers/rules.js';

const task = Task.parse({ name: 'names', type: 'extraction', labels: ['last_name'], matching: { mode: 'exact' } });
const FIRST = ['Anna', 'Ben', 'Cara', 'Dev', 'Eli', 'Fay', 'Gus', 'Hal', 'Ida', 'Jo', 'Kim', 'Lou'];
const LAST = ['Moss', 'Nash', 'Orr', 'Pike', 'Quinn', 'Reed', 'Stone', 'Tate', 'Vance', 'Ward', 'Young', 'Zane'];

/** Bookings under a name; every text has a surname no other text has. */
const bookings = (n: number, split: 'train' | 'dev'): Example[] =>
  Array.from({ length: n }, (_, k) => {
    const last = `${LAST[k % 12]}${k >= 12 ? 'son' : ''}`;
    const text = `Table for ${2 + (k % 5)} under ${FIRST[(k * 5) % 12]} ${last} please`;
    const start = text.indexOf(last);
    return Example.parse({ id: `${split}-${k}`, text, spans: [{ start, end: start + last.length, label: 'last_name' }], split });
  });

describe('choosing among the span learners', () => {
  test('a tie goes to the list with fewer rules', () => {
    const a = rule('a', 'x', 'L');
    const b = rule('b', 'y', 'L');
    const options = spanOptions({ pipeline: [a], windows: [b] });
    expect(options.map((o) => o.rules.map((r) => r.id))).toEqual([['a'], ['b'], ['a', 'b']]);
    expect(bestOption(options, [0.5, 0.6, 0.603])).toBe(1);
    expect(bestOption(options, [0.5, 0.6, 0.7])).toBe(2);
  });

  test('cross-validation scores each option on folds it did not learn from, pooling the counts', async () => {
    const rows = bookings(20, 'train');
    // A learner that memorises the surnames it saw (pipeline) and one that finds the word after the first name (windows).
    const learn: LearnSpans = (train) => {
      const seen = train.flatMap((e) => e.spans!.map((s) => e.text!.slice(s.start, s.end)));
      return Promise.resolve({ pipeline: [rule('seen', `\\b(?:${seen.join('|')})\\b`, 'last_name')], windows: [rule('after', `(?<=under [A-Z][a-z]+ )[A-Z][a-z]+`, 'last_name')] });
    };
    const cv = (await crossValidateSpans(task, rows, learn, resolveOptions(task, { seed: 1 }), Infinity))!;
    expect(cv.folds).toBe(5);
    expect(cv.f1[0]).toBe(0);
    expect(cv.f1[1]).toBe(1);
    expect(cv.f1[2]).toBe(1);
    expect(await crossValidateSpans(task, rows.slice(0, 3), learn, resolveOptions(task, { seed: 1 }), Infinity)).toBeNull();
    expect(await crossValidateSpans(task, rows, learn, resolveOptions(task, { seed: 1 }), 0)).toBeNull();
  });

  test('with no dev split, learn chooses by cross-validation and prints its estimate beside train F1', async () => {
    const res = await induceRules(task, bookings(24, 'train'), { seed: 1 });
    const note = res.report.notes.find((n) => n.startsWith('span learners compared'))!;
    expect(note).toMatch(/^span learners compared by 5-fold cross-validation on train \(24 texts, no dev split\): .*; kept .*\. Cross-validated estimate F1 \d\.\d{3} beside train F1 \d\.\d{3}/);
    expect(res.report.cross_validation).toMatchObject({ folds: 5 });
  });
});
