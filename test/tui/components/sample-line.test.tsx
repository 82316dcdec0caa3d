import { render } from 'ink-testing-library';
import { describe, expect, test } from 'vitest';
import type { RuleSample } from '../../../src/core/schemas/rule-metrics.js';
import { SampleLine } from '../../../tui/components/SampleLine.js';

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
});
