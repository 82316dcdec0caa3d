import { describe, expect, test } from 'vitest';
import { buildReportHtml, marginalBars, MAX_MARGINAL_BARS, precisionPoints } from '../../src/report/build-report.js';
import type { ReportRule } from '../../src/report/types.js';
import { embeddedData, fixtureReport, HOSTILE, metrics } from './fixtures.js';

const html = buildReportHtml(fixtureReport());
/** The page without the embedded JSON block and the one script, i.e. the markup. */
const markup = html.replace(/<script[\s\S]*?<\/script>/g, '');

describe('buildReportHtml', () => {
  test('is one self-contained document that loads nothing from the network', () => {
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).not.toMatch(/<link\b|<img\b|@import|url\(|<iframe\b/i);
    expect(html).not.toMatch(/<script[^>]*\ssrc=/i);
    const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1];
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
  });

  test('has exactly two script blocks: the JSON data and the client script', () => {
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts).toEqual(['<script type="application/json" id="report-data">', '<script>']);
  });

  test('escapes every hostile string in the markup', () => {
    expect(markup).not.toContain(HOSTILE.script);
    expect(markup).not.toContain('<img');
    expect(markup).not.toContain('<!--');
    expect(markup).toContain('&lt;script&gt;window.__pwned = 1&lt;/script&gt;');
    expect(markup).toContain('&quot;&gt;&lt;img src=x onerror=&quot;window.__pwned = 2&quot;&gt;');
    expect(markup).toContain('Tom &amp; Jerry &amp;amp; &amp;lt;b&amp;gt;');
    expect(markup).toContain('it&#39;s &quot;quoted&quot;');
    // No event-handler attribute anywhere (the CSP would block it; none is needed).
    expect(markup).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
  });

  test('embeds the data as JSON that parses back unchanged, with < escaped', () => {
    const block = /<script type="application\/json" id="report-data">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(block).not.toContain('<');
    expect(embeddedData(html)).toEqual(JSON.parse(JSON.stringify(fixtureReport())));
  });

  test('draws all four plots with data', () => {
    for (const name of ['precision-support', 'marginal-f1', 'per-class-f1', 'learning-curve']) expect(html).toContain(`data-plot="${name}"`);
    // Precision points: the rules with output (the dead one and the disabled one are not drawn).
    expect(html.match(/class="point( harmful)?"/g)).toHaveLength(3);
    expect(html.match(/class="point harmful"/g)).toHaveLength(1);
    expect(html.match(/<polyline class="line"/g)?.length).toBeGreaterThanOrEqual(3);
  });

  test('sorts the cards by marginal F1, unmeasured rules last', () => {
    const order = [...html.matchAll(/<article class="card" id="[^"]+" data-id="([^"]+)"/g)].map((m) => m[1]);
    expect(order).toEqual(['r-per', 'r-city', 'r-dead', 'r-harm', 'r-off']);
  });

  test('highlights true positives, false positives and misses in their context', () => {
    expect(markup).toContain('<mark class="hl tp" title="TP: PER">Ann</mark>');
    expect(markup).toContain('<mark class="hl fp" title="FP: PER">Bob</mark>');
    expect(markup).toContain('<mark class="hl fn" title="missed PER">Cyd</mark>');
  });

  test('shows the per-class table with null ratios as a dash', () => {
    expect(markup).toMatch(/<th scope="row">&lt;script&gt;window.__pwned = 1&lt;\/script&gt;<\/th><td>–<\/td><td>0.000<\/td><td>0.000<\/td>/);
  });

  test('says "no learning run yet" when there is none, and draws no learning curve', () => {
    const none = buildReportHtml(fixtureReport({ learning: false }));
    expect(none).toContain('no learning run yet');
    expect(none).not.toContain('data-plot="learning-curve"');
  });

  test('offers a filter for every label and status of the rules', () => {
    expect(markup).toMatch(/<select id="f-label"><option value="">all<\/option><option value="LOC">LOC<\/option><option value="PER">PER<\/option><\/select>/);
    expect(markup).toMatch(/<select id="f-status"><option value="">all<\/option><option value="active">active<\/option><option value="disabled">disabled<\/option><\/select>/);
  });
});

describe('plot data', () => {
  test('precision points carry the Wilson interval around the precision', () => {
    const pts = precisionPoints(fixtureReport().rules, 1.96);
    expect(pts.map((p) => p.id).sort()).toEqual(['r-city', 'r-harm', 'r-per']);
    for (const p of pts) {
      expect(p.lower).toBeLessThanOrEqual(p.precision);
      expect(p.upper).toBeGreaterThanOrEqual(p.precision);
    }
  });

  test('marginal bars keep the best and worst when there are too many rules', () => {
    const many: ReportRule[] = Array.from({ length: MAX_MARGINAL_BARS + 10 }, (_, i) => ({
      rule: { ...fixtureReport().rules[0]!.rule, id: `r${i}`, name: `r${i}` },
      metrics: metrics(`r${i}`, `r${i}`, 'LOC', { tp: 1, fp: 0, fn: 0, marginal: (50 - i) / 100, position: i }),
    }));
    const { bars, omitted } = marginalBars(many);
    expect(omitted).toBe(10);
    expect(bars).toHaveLength(MAX_MARGINAL_BARS);
    expect(bars[0]!.key).toBe('r0');
    expect(bars.at(-1)!.key).toBe(`r${MAX_MARGINAL_BARS + 9}`);
    expect(bars.at(-1)!.className).toBe('negative');
  });
});
