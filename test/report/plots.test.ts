import { describe, expect, test } from 'vitest';
import { wilsonLower } from '../../src/core/metrics/wilson.js';
import { sortConfusion, confusionTable } from '../../src/report/confusion.js';
import { barChart, niceTicks, wrapLabel } from '../../src/report/plots/bars.js';
import { learningCurvePlot } from '../../src/report/plots/learning-curve.js';
import { groupPoints, type PrecisionPoint, precisionSupportPlot, supportAxis } from '../../src/report/plots/precision-support.js';
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

const pt = (id: string, support: number, precision: number, harmful = false): PrecisionPoint => ({
  href: `#rule-${id}`, id, name: `rule ${id}`, precision, support, lower: Math.max(0, precision - 0.2), upper: Math.min(1, precision + 0.1), harmful,
});

describe('plots that read well', () => {
  test.each([
    [12, false, 12, 14],
    [3, false, 3, 4],
    [50, false, 50, 60],
    [900, true, 900, 1000],
  ])('the support axis fits a largest support of %d (log %s): its last tick is at least %d and below %d', (max, log, lo, hi) => {
    const a = supportAxis(max, 0, 100);
    expect(a.log).toBe(log);
    expect(a.max).toBeGreaterThanOrEqual(lo);
    expect(a.max).toBeLessThan(hi);
    expect(a.x(max)).toBeLessThanOrEqual(100.0001);
    expect(a.ticks.at(-1)!).toBeLessThanOrEqual(a.max);
  });

  test('the precision axis starts near the lowest whisker, not at 0', () => {
    const svg = precisionSupportPlot([pt('a', 10, 0.9), pt('b', 4, 0.8)], 1.96);
    const ticks = [...svg.matchAll(/<text class="tick" x="\d+" y="[\d.]+" text-anchor="end">([\d.]+)<\/text>/g)].map((m) => Number(m[1]));
    expect(Math.min(...ticks)).toBe(0.5);
    expect(Math.max(...ticks)).toBe(1);
  });

  test('rules drawn at the same place are one point with their count and every name in its tooltip', () => {
    const groups = groupPoints([pt('a', 5, 1), pt('b', 5, 1), pt('c', 5, 0.8), pt('d', 5, 1)]);
    expect(groups.map((g) => g.points.map((p) => p.id))).toEqual([['a', 'b', 'd'], ['c']]);
    const svg = precisionSupportPlot([pt('a', 5, 1), pt('b', 5, 1), pt('c', 5, 0.8), pt('d', 5, 1)], 1.96);
    expect(svg.match(/<a href=/g)).toHaveLength(2);
    expect(svg).toContain('data-count="3"');
    expect(svg).toMatch(/<title>3 rules: rule a; rule b; rule d: precision 1.000/);
    expect(svg).toMatch(/<text class="count small"[^>]*>3<\/text>/);
  });

  test('labels the harmful rules and those with the most false positives, at most five', () => {
    const points = [pt('h', 3, 0.9, true), ...Array.from({ length: 8 }, (_, i) => pt(`f${i}`, 10 + i, 0.5)), pt('clean', 40, 1)];
    const svg = precisionSupportPlot(points, 1.96);
    const labels = [...svg.matchAll(/<text class="point-label small"[^>]*>([^<]+)<\/text>/g)].map((m) => m[1]);
    expect([...labels].sort()).toEqual(['rule f4', 'rule f5', 'rule f6', 'rule f7', 'rule h']);
  });

  test.each([
    ['short name', ['short name']],
    ['a rule name that is longer than thirty-two characters', ['a rule name that is longer than', 'thirty-two characters']],
    ['x'.repeat(80), ['x'.repeat(32), `${'x'.repeat(31)}…`]],
  ])('wraps the bar label %j on two lines instead of cutting it at 30', (label, lines) => {
    expect(wrapLabel(label)).toEqual(lines);
  });

  test('a bar chart with a long name draws it whole on two lines, with the full name in the tooltip', () => {
    const name = 'recognises street addresses with a house number';
    const svg = barChart([{ key: 'a', label: name, value: 0.1, text: '+0.1', title: name }], { name: 't', label: 't', axisTitle: 'x' });
    expect(svg).toContain('<tspan x="192">recognises street addresses with</tspan><tspan x="192" dy="12">a house number</tspan>');
    expect(svg).toContain(`<title>${name}</title>`);
  });

  test('the confusion matrix is sorted by error mass, abstain last, in a box of its own', () => {
    const c = { labels: ['a', 'b', 'c'], columns: ['a', 'b', 'c', '(abstain)'], counts: [[5, 0, 0, 1], [0, 2, 4, 0], [0, 3, 1, 0]] };
    const s = sortConfusion(c);
    expect(s.labels).toEqual(['b', 'c', 'a']);
    expect(s.columns).toEqual(['b', 'c', 'a', '(abstain)']);
    expect(s.counts).toEqual([[2, 4, 0, 0], [3, 1, 0, 0], [0, 0, 5, 1]]);
    expect(confusionTable(c)).toMatch(/^<h3>Confusion matrix<\/h3>.*<div class="confusion-box"><table class="confusion">/);
  });
});

