import { describe, expect, test } from 'vitest';
import { wilsonLower } from '../../src/core/metrics/wilson.js';
import { barChart, niceTicks } from '../../src/report/plots/bars.js';
import { learningCurvePlot } from '../../src/report/plots/learning-curve.js';
import { precisionSupportPlot } from '../../src/report/plots/precision-support.js';
import { wilsonInterval } from '../../src/report/wilson.js';

describe('wilsonInterval', () => {
  test.each([
    [1, 10],
    [0.5, 4],
    [0.9, 100],
    [0, 3],
  ])('precision %d on %d outputs: the lower end is wilsonLower and the interval holds the precision', (p, n) => {
    const w = wilsonInterval(p, n, 1.96)!;
    expect(w.lower).toBeCloseTo(wilsonLower(p, n, 1.96), 12);
    expect(w.lower).toBeLessThanOrEqual(p);
    expect(w.upper).toBeGreaterThanOrEqual(p);
    expect(w.upper).toBeLessThanOrEqual(1);
  });

  test('is symmetric: the upper end of p is 1 minus the lower end of 1 - p', () => {
    const a = wilsonInterval(0.3, 20, 1.96)!;
    const b = wilsonInterval(0.7, 20, 1.96)!;
    expect(a.upper).toBeCloseTo(1 - b.lower, 12);
  });

  test('is null with no support or no precision', () => {
    expect(wilsonInterval(null, 0, 1.96)).toBeNull();
    expect(wilsonInterval(1, 0, 1.96)).toBeNull();
  });

  test('narrows as support grows', () => {
    const small = wilsonInterval(0.8, 5, 1.96)!;
    const big = wilsonInterval(0.8, 500, 1.96)!;
    expect(big.upper - big.lower).toBeLessThan(small.upper - small.lower);
  });
});

describe('niceTicks', () => {
  test.each([
    [0, 1, [0, 0.2, 0.4, 0.6, 0.8, 1]],
    [-0.05, 0.2, [-0.05, 0, 0.05, 0.1, 0.15, 0.2]],
    [0, 0.01, [0, 0.002, 0.004, 0.006, 0.008, 0.01]],
  ])('from %d to %d', (a, b, expected) => {
    expect(niceTicks(a, b)).toEqual(expected);
  });

  test('returns the one value of an empty domain', () => {
    expect(niceTicks(0, 0)).toEqual([0]);
  });
});

describe('barChart', () => {
  test('draws one bar per value, none for null, and grows negative bars left of zero', () => {
    const svg = barChart(
      [
        { key: 'a', label: 'a', value: 0.2, text: '+0.2', title: 'a' },
        { key: 'b', label: 'b', value: -0.1, text: '-0.1', title: 'b', className: 'negative' },
        { key: 'c', label: 'c', value: null, text: '–', title: 'c' },
      ],
      { name: 't', label: 't', axisTitle: 'x' },
    );
    expect(svg.match(/<rect class="bar"/g)).toHaveLength(2);
    const zero = Number(/<line class="zero" x1="([\d.]+)"/.exec(svg)![1]);
    const bx = (key: string) => Number(new RegExp(`data-key="${key}"[^]*?<rect class="bar" x="([\\d.]+)" y="[\\d.]+" width="([\\d.]+)"`).exec(svg)![1]);
    expect(bx('a')).toBeCloseTo(zero, 1);
    expect(bx('b')).toBeLessThan(zero);
    expect(svg).toContain('class="bar-row negative"');
  });

  test('says "nothing to show" with no bars', () => {
    expect(barChart([], { name: 't', label: 't', axisTitle: 'x' })).toContain('nothing to show');
  });
});

describe('precisionSupportPlot', () => {
  test('draws a whisker per point and says so when no rule produced output', () => {
    const svg = precisionSupportPlot([{ href: '#r', id: 'r', name: 'r', precision: 0.5, support: 40, lower: 0.35, upper: 0.65, harmful: false }], 1.96);
    expect(svg.match(/class="whisker"/g)).toHaveLength(3);
    expect(svg).toContain('data-support="40"');
    expect(precisionSupportPlot([], 1.96)).toContain('no rule produced output');
  });
});

describe('learningCurvePlot', () => {
  test('breaks a line where a figure is null', () => {
    const svg = learningCurvePlot(
      [
        { stage: 'before', rules: 0, precision: null, recall: 0, f1: 0 },
        { stage: 'synthesis', rules: 3, precision: 0.5, recall: 0.5, f1: 0.5 },
        { stage: 'round 1', rules: 3, precision: 0.6, recall: 0.5, f1: 0.55 },
      ],
      'dev',
    );
    const series = (k: string) => new RegExp(`data-series="${k}">(.*?)</g>`).exec(svg)![1]!;
    expect(series('precision').match(/<circle/g)).toHaveLength(2);
    expect(series('f1').match(/<circle/g)).toHaveLength(3);
    expect(series('f1').match(/<polyline/g)).toHaveLength(1);
    expect(svg).toContain('score on dev');
  });
});
