import { describe, expect, test } from 'vitest';
import type { RuleSample } from '../../src/core/schemas/rule-metrics.js';
import { boundaryHtml, ruleCard, sampleHtml, sortRules } from '../../src/report/cards.js';
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

describe('highlights that point at the trigger', () => {
  const boundary = (gold: [number, number], pred: [number, number], text: string): RuleSample => {
    const from = Math.min(gold[0], pred[0]);
    const to = Math.max(gold[1], pred[1]);
    return {
      example_id: 'e1',
      kind: 'fp',
      outcome: 'wrong_boundary',
      gold: { label: 'PER', text: text.slice(gold[0], gold[1]), start: gold[0], end: gold[1] },
      predicted: { label: 'PER', text: text.slice(pred[0], pred[1]), start: pred[0], end: pred[1] },
      context: { before: text.slice(0, from), text: text.slice(from, to), after: text.slice(to) },
    };
  };

  test.each([
    // The rule took one character too many at the end.
    [[4, 7], [4, 8], 'Hi, Ann! ok', '<mark class="hl both" title="in gold and in the rule\'s span">Ann</mark><mark class="hl fp extra" title="the rule took these characters; gold does not">!</mark>'],
    // The rule stopped short: the surname is missing.
    [[0, 9], [0, 3], 'Ann Smith left', '<mark class="hl both" title="in gold and in the rule\'s span">Ann</mark><mark class="hl fn short" title="gold has these characters; the rule left them out"> Smith</mark>'],
    // Shifted: extra at the start, missing at the end.
    [[2, 6], [0, 4], 'a Bob&lt', '<mark class="hl fp extra" title="the rule took these characters; gold does not">a </mark><mark class="hl both" title="in gold and in the rule\'s span">Bo</mark><mark class="hl fn short" title="gold has these characters; the rule left them out">b&amp;</mark>'],
  ] as const)('a wrong boundary %j vs %j is marked on the characters', (gold, pred, text, expected) => {
    const html = boundaryHtml(boundary([...gold], [...pred], text));
    expect(html).toBe(expected);
    expect(sampleHtml(boundary([...gold], [...pred], text))).toContain(expected);
  });

  test('a sample whose text is not the union of both spans keeps the plain highlight', () => {
    const s = { ...boundary([4, 7], [4, 8], 'Hi, Ann! ok'), context: { before: 'Hi, ', text: 'Ann!', after: ' ok' } };
    expect(boundaryHtml({ ...s, context: { ...s.context, text: 'Ann' } })).toBeNull();
    expect(boundaryHtml({ ...s, outcome: 'spurious' })).toBeNull();
  });

  test('a sample with no trigger (a classification miss) highlights nothing', () => {
    const s: RuleSample = { example_id: 'q1', kind: 'fn', outcome: 'missed', gold: { label: 'refund', text: null, start: null, end: null }, predicted: null, context: { before: 'I want my money back', text: '', after: '' } };
    expect(sampleHtml(s)).not.toContain('<mark');
    expect(sampleHtml(s)).toContain('<span class="ctx">I want my money back</span>');
  });
});

