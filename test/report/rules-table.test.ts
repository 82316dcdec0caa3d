import { describe, expect, test } from 'vitest';
import { csvField, FIRST_ROWS, RULES_TABLE_COLUMNS, rulesTableCsv, rulesTableHtml, rulesTableRow } from '../../src/report/rules-table.js';
import { fixtureReport, HOSTILE } from './fixtures.js';

const [dead, harm, per, , off] = fixtureReport().rules;

describe('rulesTableRow', () => {
  test('has the figures of the rule alone: coverage over the examples measured, Wilson interval, flags', () => {
    const r = rulesTableRow(harm!, 14, 1.96);
    expect(r).toMatchObject({ id: 'r-harm', label: 'LOC', status: 'active', pattern: '/[A-Z]\\w+/i', coverage: 7 / 14, tp: 1, fp: 6, precision: 1 / 7, marginal_f1: -0.05, overlaps: 0, conflicts: 0, dead: false, harmful: true });
    expect(r.wilson_lower!).toBeLessThan(1 / 7);
    expect(r.wilson_upper!).toBeGreaterThan(1 / 7);
    expect(rulesTableRow(dead!, 14, 1.96)).toMatchObject({ coverage: 0, precision: null, wilson_lower: null, dead: true });
  });

  test('a rule that was not measured has empty figures, and coverage over no examples is null', () => {
    expect(rulesTableRow(off!, 14, 1.96)).toMatchObject({ status: 'disabled', coverage: null, tp: null, fp: null, precision: null, solo_f1: null });
    expect(rulesTableRow(per!, 0, 1.96).coverage).toBeNull();
  });
});

describe('rulesTableCsv', () => {
  test.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    [null, ''],
    [0.5, '0.5'],
    [false, 'false'],
  ] as const)('field %j is %j', (v, out) => {
    expect(csvField(v)).toBe(out);
  });

  test('has a header of the table\'s columns and one CRLF line per rule', () => {
    const csv = rulesTableCsv(fixtureReport().rules.map((r) => rulesTableRow(r, 8, 1.96)));
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(RULES_TABLE_COLUMNS.join(','));
    expect(lines).toHaveLength(7);
    expect(lines.at(-1)).toBe('');
    expect(csv).toContain(`"harmful ${HOSTILE.quotes.replace(/"/g, '""')}"`);
  });
});

describe('rulesTableHtml', () => {
  test('lays out the first rows and keeps the rest in a hidden body for the script to show', () => {
    const rows = Array.from({ length: FIRST_ROWS + 5 }, (_, i) => ({ row: rulesTableRow({ ...per!, rule: { ...per!.rule, id: `r${i}` } }, 8, 1.96), href: `#rule-r${i}`, fn: 0 }));
    const html = rulesTableHtml(rows);
    const [first, rest] = html.split('<tbody class="later" hidden>');
    expect(first!.match(/<tr data-id=/g)).toHaveLength(FIRST_ROWS);
    expect(rest!.match(/<tr data-id=/g)).toHaveLength(5);
    expect(rulesTableHtml(rows.slice(0, 3))).not.toContain('class="later"');
  });
});
