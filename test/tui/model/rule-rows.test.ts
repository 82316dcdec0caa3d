import { describe, expect, test } from 'vitest';
import { type BadgeFilter, filterRows, type RuleRow } from '../../../tui/model/rule-rows.js';

const row = (id: string, flags: Partial<Pick<RuleRow, 'dead' | 'harmful' | 'stale' | 'timedOut'>> = {}): RuleRow => ({
  id,
  name: id,
  label: 'L',
  status: 'active',
  source: '',
  fired: null,
  tp: null,
  fp: null,
  fn: null,
  precision: null,
  wilson: null,
  f1: null,
  labelRecall: null,
  labelF1: null,
  marginal: null,
  dead: false,
  harmful: false,
  stale: false,
  timedOut: false,
  ...flags,
});

describe('filterRows', () => {
  const rows = [row('plain'), row('dead', { dead: true }), row('harmful', { harmful: true }), row('stale', { stale: true }), row('slow', { timedOut: true }), row('both', { dead: true, stale: true })];

  test.each<[BadgeFilter, string[]]>([
    ['any', ['plain', 'dead', 'harmful', 'stale', 'slow', 'both']],
    ['dead', ['dead', 'both']],
    ['harmful', ['harmful']],
    ['stale', ['stale', 'both']],
    ['timed-out', ['slow']],
  ])('the %s badge filter keeps %j', (badge, ids) => {
    expect(filterRows(rows, { text: '', status: 'all', badge }).map((r) => r.id)).toEqual(ids);
  });
});
