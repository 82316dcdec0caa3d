import { describe, expect, test } from 'vitest';
import { ruleCard, sampleHtml, sortRules } from '../../src/report/cards.js';
import { fixtureReport, HOSTILE } from './fixtures.js';

describe('sortRules', () => {
  test('orders by marginal F1, then precision, then support; unmeasured rules last', () => {
    expect(sortRules(fixtureReport().rules).map((r) => r.rule.id)).toEqual(['r-per', 'r-city', 'r-dead', 'r-harm', 'r-off']);
  });

  test('puts a null marginal F1 after every number and breaks ties by precision', () => {
    const [a, b] = fixtureReport().rules.slice(2, 4);
    const tie = [
      { ...b!, metrics: { ...b!.metrics!, marginal_f1: null } },
      { ...a!, metrics: { ...a!.metrics!, marginal_f1: -1 } },
    ];
    expect(sortRules(tie).map((r) => r.rule.id)).toEqual(['r-per', 'r-city']);
  });
});

describe('ruleCard', () => {
  const [, harm, per, , off] = fixtureReport().rules;

  test('carries the data attributes the filters read', () => {
    const html = ruleCard(harm!, 4, 1.96);
    expect(html).toMatch(/data-label="LOC" data-status="active" data-dead="0" data-harmful="1" data-tp="1" data-fp="6" data-fn="3" data-measured="1"/);
    expect(html).toContain('<span class="badge harmful">harmful</span>');
    expect(html).toContain('#4');
  });

  test('shows precision, its Wilson interval, support and marginal F1', () => {
    const html = ruleCard(per!, 1, 1.96);
    expect(html).toContain('<dt>precision</dt><dd>0.833</dd>');
    expect(html).toMatch(/<dt>Wilson \(z=1.96\)<\/dt><dd>0\.\d{3}–0\.\d{3}<\/dd>/);
    expect(html).toContain('<dt>support</dt><dd>6</dd>');
    expect(html).toContain('<dt>marginal F1</dt><dd>+0.2000</dd>');
  });

  test('shows label recall and label F1 beside the all-gold recall and solo F1', () => {
    const m = { ...per!.metrics!, tp: 5, fp: 1, fn: 15, recall: 0.25, f1: 10 / 26, label_recall: 5 / 8, label_f1: 10 / 14 };
    const html = ruleCard({ ...per!, metrics: m }, 1, 1.96);
    expect(html).toContain('<dt>label recall</dt><dd>0.625</dd>');
    expect(html).toContain('<dt>label F1</dt><dd>0.714</dd>');
    expect(html).toContain('<dt>recall</dt><dd>0.250</dd>');
    expect(html).toContain('<dt>solo F1</dt><dd>0.385</dd>');
  });

  test('says why an unmeasured rule has no figures', () => {
    expect(ruleCard(off!, null, 1.96)).toContain('disabled rules do not run');
  });
});

describe('sampleHtml', () => {
  test('shows the matcher\'s reason, escaped, and flags a lexical stand-in', () => {
    const s = fixtureReport().rules[2]!.metrics!.samples.tp[0]!;
    const html = sampleHtml({ ...s, reason: 'lexical similarity 0.9 <b>', lexical_fallback: true });
    expect(html).toContain('<span class="reason">— <span class="lexical" title="no embedder is configured: lexical similarity, not semantic">lexical</span> lexical similarity 0.9 &lt;b&gt;</span>');
    expect(sampleHtml({ ...s, reason: '9.5 differs from 9 by 0.5' })).toContain('<span class="reason">— 9.5 differs from 9 by 0.5</span>');
    expect(sampleHtml(s)).not.toContain('class="reason"');
  });

  test('escapes the context around the highlighted item', () => {
    const s = fixtureReport().rules[2]!.metrics!.samples.tp[0]!;
    const html = sampleHtml(s);
    expect(html).not.toContain(HOSTILE.script);
    expect(html).toContain('&lt;script&gt;window.__pwned = 1&lt;/script&gt; met <mark class="hl tp"');
  });
});
