import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { buildEvalReport } from '../../../src/core/eval/report.js';
import { compileScorer } from '../../../src/core/eval/scorer.js';
import { parseDate } from '../../../src/core/matchers/parse-date.js';
import { parseNumber } from '../../../src/core/matchers/parse-number.js';
import type { Example } from '../../../src/core/schemas/example.js';
import type { Prediction } from '../../../src/core/schemas/prediction.js';
import { shared, sharedMissing } from '../../helpers/shared.js';
import { task } from './helpers.js';

/**
 * SROIE (626 receipts) as a transformation task with per-field matchers. There is no engine here,
 * so the "predictions" are the gold fields rewritten the way rules typically produce them: the
 * total as "RM <number>", the date in ISO form, company and address in another case and spacing.
 */
describe.skipIf(sharedMissing)('SROIE receipts as a transformation task', () => {
  const dir = shared('sroie/key')!;
  const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  const examples: Example[] = files.map((f) => ({
    id: f.replace('.json', ''),
    input: { text: '' },
    output: JSON.parse(readFileSync(`${dir}/${f}`, 'utf8')),
    split: 'train',
    source: 'gold',
  }));
  const rewrite = (o: Record<string, string>): Prediction => {
    const out: Record<string, unknown> = {};
    if (o.company) out.company = o.company.toLowerCase().replace(/ /g, '  ');
    if (o.address) out.address = ` ${o.address.toLowerCase()} `;
    if (o.date) out.date = parseDate(o.date, { dayFirst: true, pivot: 50 });
    if (o.total) out.total = `RM ${parseNumber(o.total)}`;
    return { output: out };
  };
  const predictions = examples.map((e) => rewrite(e.output as Record<string, string>));
  const fields = {
    total: { name: 'numeric_tolerance', options: { abs: 0.005 } },
    date: 'date',
    company: 'normalized',
    address: 'normalized',
  };

  test('626 receipts; every gold date and total is readable', () => {
    expect(examples).toHaveLength(626);
    const dates = examples.map((e) => (e.output as Record<string, string>).date ?? '');
    expect(dates.filter((d) => parseDate(d, { dayFirst: true, pivot: 50 }) === null)).toEqual([]);
    const totals = examples.map((e) => (e.output as Record<string, string>).total ?? '').filter((t) => t.trim() !== '');
    expect(totals).toHaveLength(625);
    expect(totals.filter((t) => parseNumber(t) === null)).toEqual([]);
  });

  test('with per-field matchers every field matches (2,502 non-empty gold fields)', () => {
    const t = task({ type: 'transformation', matching: { matchers: fields } });
    const scorer = compileScorer(t);
    const r = buildEvalReport(t, examples, examples.map((e, i) => scorer.score(e, predictions[i])), { split: 'train' });
    // 626 × 4 fields, less one receipt without an address and one with an empty total
    expect(r.micro).toMatchObject({ tp: 2502, fp: 0, fn: 0, f1: 1 });
    expect(r.exact_match).toBe(1);
    expect(Object.keys(r.per_class)).toEqual(['address', 'company', 'date', 'total']);
    expect(r.notes).toContain('values compare with matchers: total=numeric_tolerance, date=date, company=normalized, address=normalized');
  });

  test('with exact matching only the 4 receipts whose dates are already ISO match', () => {
    const t = task({ type: 'transformation' });
    const scorer = compileScorer(t);
    const r = buildEvalReport(t, examples, examples.map((e, i) => scorer.score(e, predictions[i])));
    expect(r.per_class.date).toMatchObject({ tp: 4, fp: 622, fn: 622 });
    expect(r.per_class.total).toMatchObject({ tp: 0 });
    expect(r.per_class.company).toMatchObject({ tp: 0 });
    expect(r.errors.wrong_value).toBe(2502 - 4);
  });

  test('the sample receipt by hand: total "9.00" vs "9", date "25/12/2018" vs "2018-12-25", company normalized', () => {
    const t = task({ type: 'transformation', matching: { matchers: fields } });
    const s = compileScorer(t).score(examples[0]!, {
      output: { total: '9', date: '2018-12-25', company: 'book ta .k (taman daya) sdn bhd', address: 'somewhere else' },
    });
    expect(s.per_class).toEqual({
      company: { tp: 1, fp: 0, fn: 0 },
      date: { tp: 1, fp: 0, fn: 0 },
      address: { tp: 0, fp: 1, fn: 1 },
      total: { tp: 1, fp: 0, fn: 0 },
    });
  });
});
