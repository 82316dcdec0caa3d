import { describe, expect, test } from 'vitest';
import { buildReportHtml, marginalBars, MAX_MARGINAL_BARS, precisionPoints, withoutSamples } from '../../src/report/build-report.js';
import type { ReportRule } from '../../src/report/types.js';
import { embeddedData, fixtureReport, HOSTILE, metrics } from './fixtures.js';

const html = buildReportHtml(fixtureReport());
/** The cards' markup, which the page carries as JSON and renders when a card is opened. */
const view = JSON.parse(/<script type="application\/json" id="report-cards">([\s\S]*?)<\/script>/.exec(html)![1]!) as { cards: Record<string, string>; ids: Record<string, string>; csv: string };
/** The page without the JSON blocks and the one script, and the cards: all the markup it can show. */
const markup = html.replace(/<script[\s\S]*?<\/script>/g, '') + Object.values(view.cards).join('');

describe('buildReportHtml', () => {
  test('is one self-contained document that loads nothing from the network', () => {
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).not.toMatch(/<link\b|<img\b|@import|\burl\(|<iframe\b/i);
    expect(html).not.toMatch(/<script[^>]*\ssrc=/i);
    const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1];
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
  });

  test('has exactly three script blocks: the JSON data, the cards as JSON and the client script', () => {
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts).toEqual(['<script type="application/json" id="report-data">', '<script type="application/json" id="report-cards">', '<script>']);
  });

  test('renders no card up front: each is markup in the JSON, keyed by rule id', () => {
    const page = html.replace(/<script[\s\S]*?<\/script>/g, '');
    expect(page).not.toContain('<article class="card"');
    expect(Object.keys(view.cards).sort()).toEqual(['r-city', 'r-dead', 'r-harm', 'r-off', 'r-per']);
    expect(view.cards['r-per']).toMatch(/^<article class="card" id="rule-r-per" data-id="r-per"/);
    expect(view.ids['r-per']).toBe('rule-r-per');
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
    expect(embeddedData(html)).toEqual(JSON.parse(JSON.stringify(withoutSamples(fixtureReport()))));
  });

  test('draws all four plots with data', () => {
    for (const name of ['precision-support', 'marginal-f1', 'per-class-f1', 'learning-curve']) expect(html).toContain(`data-plot="${name}"`);
    // Precision points: the rules with output (the dead one and the disabled one are not drawn).
    expect(html.match(/class="point( harmful)?"/g)).toHaveLength(3);
    expect(html.match(/class="point harmful"/g)).toHaveLength(1);
    expect(html.match(/<polyline class="line"/g)?.length).toBeGreaterThanOrEqual(3);
  });

  test('draws the F1-vs-rules curve of the active list and marks its best point and where it comes within .005 of the whole list', () => {
    const section = /<section id="rules-curve">[\s\S]*?<\/section>/.exec(html)![0];
    expect(section).toContain('data-plot="rules-curve"');
    expect(section.match(/<polyline class="line"/g)).toHaveLength(3);
    expect(section).toMatch(/data-mark="best"[^>]*data-rules="2"/);
    expect(section).toMatch(/data-mark="reached"[^>]*data-rules="2"/);
    expect(section).toContain('best: F1 0.615 at 2 rules');
    expect(section).toContain('with the first 2 rules (up to &lt;script&gt;');
    expect(html).toContain('<a href="#rules-curve">');
  });

  test('says there is no curve when no rule is active', () => {
    const page = buildReportHtml({ ...fixtureReport(), rule_curve: null });
    expect(page).toContain('data-empty="rules-curve"');
    expect(page).not.toContain('data-plot="rules-curve"');
  });

  test('orders the rules table by marginal F1, unmeasured rules last', () => {
    const order = [...html.matchAll(/<tr data-id="([^"]+)" data-label/g)].map((m) => m[1]);
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

describe('what no rule covers', () => {
  test('has a block per label with its FN count, most first, and the items highlighted in context', () => {
    const blocks = [...html.matchAll(/<details class="uncovered-label"(?: open)? id="[^"]+" data-label="([^"]+)" data-fn="(\d+)" data-missed="(\d+)">/g)].map((m) => [m[1], Number(m[2]), Number(m[3])]);
    expect(blocks).toEqual([['PER', 2, 1], ['LOC', 1, 1], ['&lt;script&gt;window.__pwned = 1&lt;/script&gt;', 1, 1]]);
    expect(markup).toContain('<span class="ctx">and <mark class="hl fn">Cyd</mark> left &quot;&gt;&lt;img');
    expect(markup).toContain('rules gave Cyd S');
    expect(markup).toMatch(/<span class="chip">cyd <b>2<\/b><\/span>/);
  });

  test('draws a coverage bar per label: right, produced wrong and missed as shares of its gold', () => {
    const per = /data-label="PER"[\s\S]*?<div class="cov-bar"[^>]*>([\s\S]*?)<\/div>/.exec(html)![1]!;
    expect([...per.matchAll(/width:([\d.]+)%/g)].map((m) => Number(m[1]))).toEqual([71.43, 14.29, 14.29]);
  });
});

describe('what changed', () => {
  test('shows the F1 change, the rules added, removed and edited, and the examples fixed', () => {
    expect(markup).toContain('<section id="ruleset-diff">');
    expect(markup).toContain('<div class="tile-value" id="diff-f1">+0.1400</div>');
    const block = (k: string) => new RegExp(`data-diff="${k}"><h3>[^<]*\\(<span class="n">(\\d+)</span>`).exec(markup)?.[1];
    expect([block('added'), block('removed'), block('edited'), block('fixed'), block('broken')]).toEqual(['1', '1', '1', '1', '0']);
    expect(markup).toMatch(/<code class="pattern-diff" title="[^"]*">Ann<ins class="diff-ins">\|Bob<\/ins><\/code>/);
    expect(markup).toContain('&lt;script&gt;window.__pwned = 1&lt;/script&gt; met Ann and Bob');
  });

  test('has no diff section unless one was asked for', () => {
    const none = buildReportHtml(fixtureReport({ diff: false }));
    expect(none).not.toContain('id="ruleset-diff"');
    expect(none).not.toContain('href="#ruleset-diff"');
  });
});

