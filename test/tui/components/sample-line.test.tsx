import { render } from 'ink-testing-library';
import { describe, expect, test } from 'vitest';
import type { RuleSample } from '../../../src/core/schemas/rule-metrics.js';
import { SampleLine, sampleLabels } from '../../../tui/components/SampleLine.js';

const sample = (over: Partial<RuleSample> = {}): RuleSample => ({
  example_id: 'x1',
  kind: 'fp',
  outcome: 'wrong_value',
  gold: { label: 'total', text: '9.00', start: null, end: null },
  predicted: { label: 'total', text: '9.50', start: null, end: null },
  context: { before: 'TOTAL ', text: '9.50', after: ' at Tesco' },
  ...over,
});

describe('SampleLine', () => {
  test.each([
    ['a matcher reason follows the item', { reason: '9.5 differs from 9 by 0.5' }, '— 9.5 differs from 9 by 0.5'],
    ['a lexical verdict is flagged', { kind: 'tp' as const, outcome: 'match', reason: 'lexical similarity 1.000', lexical_fallback: true as const }, '— [lexical] lexical similarity 1.000'],
  ])('%s', (_what, over, shown) => {
    const { lastFrame, unmount } = render(<SampleLine sample={sample(over)} width={100} selected={false} focused={false} classification={false} />);
    expect(lastFrame()).toContain(shown);
    expect(lastFrame()).toContain('TOTAL 9.50 at Tesco');
    unmount();
  });

  test('without a reason the line is the item in context only', () => {
    const { lastFrame, unmount } = render(<SampleLine sample={sample()} width={100} selected={false} focused={false} classification={false} />);
    expect(lastFrame()).not.toContain('—');
    unmount();
  });

  const missed = sample({ kind: 'fn', outcome: 'missing', gold: { label: 'billing', text: null, start: null, end: null }, predicted: null });
  test.each([
    ['another rule got it right', { label: 'billing', rule_id: 'r-12' }, 'billing→ billing (rule r-12, correct)'],
    ['another rule got it wrong', { label: 'shipping', rule_id: 'r-3' }, 'billing→ shipping (rule r-3)'],
    ['every rule abstained', { label: null, rule_id: null }, 'billing→(abstain, every rule)'],
    ['the ensemble is not known', undefined, 'billing→(abstain)'],
  ])('a missed classification item says what the ensemble produced: %s', (_what, ensemble, shown) => {
    expect(sampleLabels(missed, ensemble).trim()).toBe(shown);
    const { lastFrame, unmount } = render(<SampleLine sample={missed} width={100} selected={false} focused={false} classification ensemble={ensemble} />);
    expect(lastFrame()).toContain(shown);
    unmount();
  });
});
