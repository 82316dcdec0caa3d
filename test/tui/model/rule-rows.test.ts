import { describe, expect, test } from 'vitest';
import { Rule } from '../../../src/core/schemas/rule.js';
import { ruleCard } from '../../../src/core/schemas/rule-card.js';
import type { RuleFigures } from '../../../src/service/views/rules-overview.js';
import { badges, type BadgeFilter, filterRows, type RuleRow, sortRows } from '../../../tui/model/rule-rows.js';

type Flags = { dead?: boolean; harmful?: boolean; stale?: boolean; timed_out?: boolean };

const rule = Rule.parse({ id: 'x', name: 'x', format: 'regex', pattern: 'needle', output: { label: 'L' } });

/** A rules-table row as the service gives it: measured (all figures zero) only when a metric flag is set. */
const row = (id: string, { dead, harmful, stale = false, timed_out = false }: Flags = {}, over: Partial<RuleFigures> = {}): RuleRow => ({
  rule: ruleCard({ ...rule, id, name: id }),
  metrics:
    dead === undefined && harmful === undefined && !Object.keys(over).length
      ? null
      : {
          id,
          name: id,
          label: 'L',
          position: 0,
          tp: 0,
          fp: 0,
          fn: 0,
          precision: null,
          recall: null,
          f1: null,
          label_recall: null,
          label_f1: null,
          support: 0,
          fired: 0,
          fired_docs: 0,
          wilson_lower: 0,
          dead: !!dead,
          harmful: !!harmful,
          marginal_f1: null,
          ...over,
        },
  stale,
  timed_out,
});

describe('filterRows', () => {
  const rows = [row('plain'), row('dead', { dead: true }), row('harmful', { harmful: true }), row('stale', { stale: true }), row('slow', { timed_out: true }), row('both', { dead: true, stale: true })];

  test.each<[BadgeFilter, string[]]>([
    ['any', ['plain', 'dead', 'harmful', 'stale', 'slow', 'both']],
    ['dead', ['dead', 'both']],
    ['harmful', ['harmful']],
    ['stale', ['stale', 'both']],
    ['timed-out', ['slow']],
  ])('the %s badge filter keeps %j', (badge, ids) => {
    expect(filterRows(rows, { text: '', status: 'all', badge }).map((r) => r.rule.id)).toEqual(ids);
  });
});

describe('rows read the service fields as they are', () => {
  test.each<[string, Partial<RuleFigures>, Partial<RuleFigures>]>([
    ['wilson_lower', { wilson_lower: 0.2 }, { wilson_lower: 0.6 }],
    ['label_recall', { label_recall: 0.1 }, { label_recall: 0.9 }],
    ['label_f1', { label_f1: 0.3 }, { label_f1: 0.4 }],
    ['marginal_f1', { marginal_f1: -0.1 }, { marginal_f1: 0.05 }],
  ])('sorting by %s reads the stored figure; unmeasured rows go last', (key, low, high) => {
    const rows = [row('unmeasured'), row('low', {}, low), row('high', {}, high)];
    expect(sortRows(rows, { key: key as never, desc: true }).map((r) => r.rule.id)).toEqual(['high', 'low', 'unmeasured']);
    expect(sortRows(rows, { key: key as never, desc: false }).map((r) => r.rule.id)).toEqual(['low', 'high', 'unmeasured']);
  });

  test('sorting by run keeps the order the service lists the rules in, which is the order they run', () => {
    // The service lists rules in run order; names and figures do not move them.
    const rows = [row('zeta', {}, { marginal_f1: -0.2 }), row('alpha'), row('mid', {}, { marginal_f1: 0.3 })];
    expect(sortRows(rows, { key: 'run', desc: false }).map((r) => r.rule.id)).toEqual(['zeta', 'alpha', 'mid']);
    expect(sortRows(rows, { key: 'run', desc: true }).map((r) => r.rule.id)).toEqual(['mid', 'alpha', 'zeta']);
  });

  test('the text filter searches the pattern, and badges read the stored flags', () => {
    const rows = [row('a', { dead: true, stale: true }), row('b')];
    expect(filterRows(rows, { text: 'NEEDLE', status: 'all', badge: 'any' })).toHaveLength(2);
    expect(filterRows(rows, { text: 'haystack', status: 'all', badge: 'any' })).toEqual([]);
    expect(rows.map((r) => badges(r, true))).toEqual(['dead,stale', '']);
  });
});
