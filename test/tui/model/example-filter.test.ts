import { describe, expect, test } from 'vitest';
import type { ExampleOutcomeRow } from '../../../src/service/views/examples.js';
import { filterExamples, NO_EXAMPLE_FILTER } from '../../../tui/model/example-filter.js';

const row = (id: string, text: string): ExampleOutcomeRow => ({
  id,
  split: 'train',
  source: 'gold',
  text,
  gold: '',
  predicted: '',
  errors: [],
  labels: [],
  rules: [],
  why: [],
  tp: 0,
  fp: 0,
  fn: 0,
  exact: true,
});

describe('the text filter is literal, never a regex', () => {
  // A filter typed by a user (or pasted from data) must not run as a pattern: `(a+)+$` on a long
  // run of a's would backtrack for minutes if it did.
  const rows = [row('e1', 'code: ' + 'a'.repeat(40) + '!'), row('e2', 'the pattern (a+)+$ appears here'), row('e3', 'a.b c')];

  test.each<[string, string[]]>([
    ['(a+)+$', ['e2']],
    ['a.b', ['e3']],
    ['A+', ['e2']],
    ['', ['e1', 'e2', 'e3']],
  ])('%j keeps %j', (text, ids) => {
    expect(filterExamples(rows, { ...NO_EXAMPLE_FILTER, text }).map((r) => r.id)).toEqual(ids);
  });
});
