import { describe, expect, test } from 'vitest';
import { fitHints } from '../../../tui/model/footer-hints.js';

const hints = [
  { keys: 'tab', does: 'items / versions pane' },
  { keys: 'i', does: 'item filter' },
  { keys: 'enter', does: 'the whole example' },
  { keys: 'e', does: 'disable' },
];

describe('footer hints', () => {
  test.each([
    [200, ['tab', 'i', 'enter', 'e'], false],
    // Shortest first ("e disable", "i item filter"), shown in the table's order.
    [30, ['i', 'e'], true],
    [9, ['e'], true],
    [5, [], true],
  ])('in %i columns the footer shows %j (more: %s)', (width, keys, more) => {
    const r = fitHints(hints, width);
    expect(r.shown.map((h) => h.keys)).toEqual(keys);
    expect(r.more).toBe(more);
    const used = r.shown.reduce((n, h, i) => n + h.keys.length + 1 + h.does.length + (i ? 2 : 0), 0);
    expect(used).toBeLessThanOrEqual(width);
  });
});
