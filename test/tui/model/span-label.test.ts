import { describe, expect, test } from 'vitest';
import { labelChoices, spanLabel } from '../../../tui/model/span-label.js';

// "Ann met Bob in Oslo."
const gold = [
  { start: 0, end: 3, label: 'PER' },
  { start: 8, end: 11, label: 'PER' },
  { start: 15, end: 19, label: 'LOC' },
];
const choices = ['LOC', 'PER', 'ORG'];

describe('the label of a selected span', () => {
  test.each([
    ['a gold span exactly takes its label', { start: 15, end: 19 }, null, { label: 'LOC', source: 'gold' }],
    ['a selection a little off a gold span takes that span\'s label', { start: 14, end: 19 }, null, { label: 'LOC', source: 'overlaps gold' }],
    ['a selection over two gold spans takes the one it covers most of', { start: 9, end: 17 }, null, { label: 'PER', source: 'overlaps gold' }],
    ['a selection clear of the gold takes the first label', { start: 4, end: 7 }, null, { label: 'LOC', source: 'first label' }],
    ['a label the person picked wins, even over the gold', { start: 15, end: 19 }, 'ORG', { label: 'ORG', source: 'picked' }],
  ] as const)('%s', (_what, sel, picked, label) => {
    expect(spanLabel(sel, gold, choices, picked)).toEqual(label);
  });

  test('with no labels anywhere there is none to give', () => {
    expect(spanLabel({ start: 0, end: 3 }, [], [], null)).toBeNull();
  });

  test('the choices are the task\'s labels, then those only the gold uses', () => {
    expect(labelChoices(['LOC'], gold)).toEqual(['LOC', 'PER']);
  });
});
