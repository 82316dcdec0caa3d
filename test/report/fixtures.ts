import type { EvalReport } from '../../src/core/schemas/eval-report.js';
import type { RuleMetrics, RuleSample } from '../../src/core/schemas/rule-metrics.js';
import type { ReportData, ReportRule } from '../../src/report/types.js';

/** Strings that break markup or scripts when they are not escaped. */
export const HOSTILE = {
  script: '<script>window.__pwned = 1</script>',
  img: '"><img src=x onerror="window.__pwned = 2">',
  amp: 'Tom & Jerry &amp; &lt;b&gt;',
  quotes: `it's "quoted" and 'single'`,
  endScript: '</script><script>window.__pwned = 3</script>',
  comment: '<!-- <script>',
  separators: 'line\u2028sep\u2029para',
} as const;

const ctr = (tp: number, fp: number, fn: number) => {
  const p = tp + fp ? tp / (tp + fp) : null;
  const r = tp + fn ? tp / (tp + fn) : null;
  return { precision: p, recall: r, f1: tp + fp + fn ? (2 * tp) / (2 * tp + fp + fn) : null, tp, fp, fn };
};

function sample(kind: 'tp' | 'fp' | 'fn', id: string, before: string, text: string, after: string, label: string): RuleSample {
  const item = { label, text, start: before.length, end: before.length + text.length };
  return {
    example_id: id,
    kind,
    outcome: kind === 'tp' ? 'match' : kind === 'fp' ? 'spurious' : 'missed',
    gold: kind === 'fp' ? null : item,
    predicted: kind === 'fn' ? null : item,
    context: { before, text, after },
  };
}

/** Metrics of one rule: counts, derived ratios, flags and samples. */
export function metrics(id: string, name: string, label: string, p: { tp: number; fp: number; fn: number; marginal: number | null; position: number; samples?: Partial<RuleMetrics['samples']>; labelRecall?: number | null; labelF1?: number | null }): RuleMetrics {
  const c = ctr(p.tp, p.fp, p.fn);
  const support = p.tp + p.fp;
  return {
    id,
    name,
    label,
    position: p.position,
    ...c,
    label_recall: p.labelRecall === undefined ? c.recall : p.labelRecall,
    label_f1: p.labelF1 === undefined ? c.f1 : p.labelF1,
    support,
    fired: support,
    fired_docs: support,
    wilson_lower: 0,
    dead: support === 0,
    harmful: p.marginal !== null && p.marginal < 0,
    marginal_f1: p.marginal,
    samples: { tp: [], fp: [], fn: [], ...p.samples },
    overlap: { examples: 0, partners: [] },
    conflict: { examples: 0, suppressed: 0, partners: [] },
  };
}

/** A rule as the report shows it (its card), case-blind. */
function card(id: string, name: string, label: string, pattern: string, status: ReportRule['rule']['status'] = 'active', description = ''): ReportRule['rule'] {
  return {
    id,
    name,
    description,
    format: 'regex',
    pattern,
    flags: 'i',
    dialect: 'js',
    output: { label, group: '$0' },
    priority: 0,
    confidence: 0.5,
    status,
    provenance: 'human',
    version: 1,
    flagged: [],
  };
}

/** A span report with five rules (one harmful, one dead, one disabled) and hostile text everywhere. */
export function fixtureReport(opts: { learning?: boolean; diff?: boolean } = {}): ReportData {
  const per_class = { PER: ctr(5, 1, 2), LOC: ctr(3, 2, 1), [HOSTILE.script]: ctr(0, 0, 1) };
  const evaluation: EvalReport = {
    n: 12,
    split: 'test',
    mode: 'exact',
    micro: ctr(8, 3, 4),
    macro_f1: 0.5,
    exact_match: 0.25,
    coverage: 0.75,
    per_class,
    errors: { wrong_label: 1, wrong_boundary: 1, missing: 2, spurious: 1 },
    notes: [`note with ${HOSTILE.img}`],
    dataset_hash: 'd'.repeat(64),
    ruleset_hash: 'r'.repeat(64),
  };
  const rules: ReportRule[] = [
    {
      rule: card('r-dead', 'never fires', 'LOC', 'zzz+'),
      metrics: metrics('r-dead', 'never fires', 'LOC', { tp: 0, fp: 0, fn: 4, marginal: 0, position: 4 }),
    },
    {
      rule: card('r-harm', `harmful ${HOSTILE.quotes}`, 'LOC', '[A-Z]\\w+'),
      metrics: metrics('r-harm', `harmful ${HOSTILE.quotes}`, 'LOC', {
        tp: 1, fp: 6, fn: 3, marginal: -0.05, position: 3,
        samples: { fp: [sample('fp', 'e7', 'I said ', 'Hello', ` ${HOSTILE.amp}`, 'LOC')], tp: [sample('tp', 'e8', 'in ', 'Paris', ' today', 'LOC')] },
      }),
    },
    {
      rule: card('r-per', 'person names', 'PER', 'Ann|Bob', 'active', `matches ${HOSTILE.endScript}`),
      metrics: metrics('r-per', 'person names', 'PER', {
        tp: 5, fp: 1, fn: 2, marginal: 0.2, position: 0,
        samples: {
          tp: [sample('tp', 'e1', `${HOSTILE.script} met `, 'Ann', ' and Bob', 'PER')],
          fp: [sample('fp', 'e2', 'the ', 'Bob', `${HOSTILE.img} cat`, 'PER')],
          fn: [sample('fn', 'e3', 'and ', 'Cyd', ' left', 'PER')],
        },
      }),
    },
    {
      rule: card('r-city', `cities ${HOSTILE.comment}`, 'LOC', 'Paris|Rome'),
      metrics: metrics('r-city', `cities ${HOSTILE.comment}`, 'LOC', {
        tp: 3, fp: 0, fn: 1, marginal: 0.1, position: 1,
        samples: { tp: [sample('tp', 'e4', 'to ', 'Rome', HOSTILE.separators, 'LOC')] },
      }),
    },
    { rule: card('r-off', 'switched off', 'PER', 'Cyd', 'disabled'), metrics: null },
  ];
  return {
    version: '0.0.0-test',
    generated_at: '2026-01-02T03:04:05.000Z',
    dataset: { name: `toy ${HOSTILE.script}`, type: 'ner', description: HOSTILE.endScript, labels: ['PER', 'LOC'], examples: 30, splits: { train: 10, dev: 8, test: 12 } },
    evaluation,
    measurement: { split: 'dev', n: 8, mode: 'exact', f1: 0.6, precision: 0.7, recall: 0.5, tp: 7, fp: 3, fn: 7, dataset_hash: 'e'.repeat(64), notes: [] },
    wilson_z: 1.96,
    ruleset_hash: 'f'.repeat(64),
    rules,
    uncovered: {
      split: 'test',
      fn: 4,
      labels: [
        { label: 'PER', fn: 2, tp: 5, missed: 1, words: [['cyd', 2]], shapes: [['Xxx', 2]], items: [
          { example_id: 'x1', kind: 'missed', before: 'and ', text: 'Cyd', after: ` left ${HOSTILE.img}`, predicted: null },
          { example_id: 'x2', kind: 'wrong_boundary', before: '', text: 'Cyd', after: ' Smith', predicted: 'Cyd S' },
        ] },
        { label: 'LOC', fn: 1, tp: 3, missed: 1, words: [[HOSTILE.script, 1]], shapes: [], items: [{ example_id: 'x3', kind: 'missed', before: 'to ', text: 'Oslo', after: '', predicted: null }] },
        { label: HOSTILE.script, fn: 1, tp: 0, missed: 1, words: [], shapes: [], items: [] },
      ],
    },
    diff: opts.diff === false
      ? null
      : {
          run_id: 3,
          run_created_at: '2026-01-01T12:00:00.000Z',
          split: 'test',
          f1_before: 0.5,
          f1_now: 0.64,
          macro_f1_before: 0.4,
          macro_f1_now: 0.5,
          summary: 'the rules changed; the data and config did not',
          rules_exact: true,
          added: [{ id: 'r-city', name: `cities ${HOSTILE.comment}`, label: 'LOC', pattern: '/Paris|Rome/i' }],
          removed: [{ id: 'r-gone', name: 'gone', label: 'PER', pattern: 'Eve' }],
          edited: [{ id: 'r-per', name: 'person names', label: 'PER', pattern: 'Ann|Bob', before: 'Ann', changes: ['pattern'] }],
          fixed: [{ id: 'e1', text: `${HOSTILE.script} met Ann and Bob`, before: { tp: 1, fp: 0, fn: 1 }, now: { tp: 2, fp: 0, fn: 0 } }],
          broken: [],
          fixed_n: 1,
          broken_n: 0,
          changed: 0,
        },
    rule_curve: {
      split: `dev ${HOSTILE.endScript}`,
      rules: 4,
      points: [
        { rules: 0, rule_id: null, precision: null, recall: 0, f1: null },
        { rules: 1, rule_id: 'r-per', precision: 0.8, recall: 0.3, f1: 0.44 },
        { rules: 2, rule_id: HOSTILE.script, precision: 0.8, recall: 0.5, f1: 0.615 },
        { rules: 3, rule_id: 'r-harm', precision: 0.7, recall: 0.5, f1: 0.583 },
        { rules: 4, rule_id: 'r-dead', precision: 0.7, recall: 0.5, f1: 0.583 },
      ],
    },
    learning: opts.learning === false
      ? null
      : {
          run_id: 7,
          created_at: '2026-01-01T00:00:00.000Z',
          proposer: 'offline',
          model: null,
          judged_on: 'dev',
          status: 'ok',
          error: null,
          stages: [
            { stage: 'before', rules: 0, precision: null, recall: 0, f1: 0 },
            { stage: 'synthesis', rules: 4, precision: 0.6, recall: 0.4, f1: 0.48 },
            { stage: 'round 1', rules: 5, precision: 0.7, recall: 0.5, f1: 0.583 },
            { stage: 'pruning', rules: 4, precision: 0.75, recall: 0.5, f1: 0.6 },
          ],
        },
  };
}

/** The JSON embedded in a report's `#report-data` block, parsed. */
export function embeddedData(html: string): unknown {
  const m = /<script type="application\/json" id="report-data">([\s\S]*?)<\/script>/.exec(html);
  if (!m) throw new Error('no report-data block');
  return JSON.parse(m[1]!);
}

/**
 * A report of `n` measured rules over a few labels, each with `perKind` TP, FP and FN samples of
 * sentence-length context (what a large learned ruleset looks like in the report).
 */
export function manyRulesReport(n: number, perKind = 8): ReportData {
  const base = fixtureReport();
  const labels = ['PER', 'LOC', 'ORG', 'DATE', 'MONEY'];
  const rules: ReportRule[] = Array.from({ length: n }, (_, i) => {
    const id = `r${i}`;
    const label = labels[i % labels.length]!;
    const name = `rule ${i} for ${label} with a long descriptive name that wraps`;
    const kinds = (kind: 'tp' | 'fp' | 'fn') =>
      Array.from({ length: perKind }, (_, k) => sample(kind, `e${i}-${kind}-${k}`, `Some words before the item of rule ${i}, sample ${k}: `, `Item${i}x${k}`, ' and some words after it.', label));
    return {
      rule: card(id, name, label, `\\b(?:Item${i}|Thing${i})x\\d+\\b`),
      metrics: metrics(id, name, label, { tp: (i * 7) % 23, fp: (i * 5) % 11, fn: (i * 3) % 13, marginal: ((i % 41) - 20) / 1000, position: i, samples: { tp: kinds('tp'), fp: kinds('fp'), fn: kinds('fn') } }),
    };
  });
  return { ...base, rules };
}
