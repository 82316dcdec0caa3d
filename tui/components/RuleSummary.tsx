import { Box, Text } from 'ink';
import type { RuleDetail } from '../data/rule-detail.js';
import { fmtCount, fmtDelta, fmtNoun, fmtRatio } from '../model/format.js';
import { PatternView } from './PatternView.js';
import { Tone } from './Tone.js';

export interface RuleSummaryProps {
  readonly d: RuleDetail;
  /** Lines the pattern may take (a second only when it needs one). */
  readonly patternLines: number;
}

/**
 * The head of a rule's screen: its name, status and provenance, its pattern (highlighted) or
 * terms, its output template, and its stored figures (or that it was never measured).
 */
export function RuleSummary({ d, patternLines }: RuleSummaryProps) {
  const { rule } = d;
  const statusTone = rule.status === 'active' ? 'good' : rule.status === 'rejected' ? 'bad' : 'warn';
  return (
    <>
      <Text wrap="truncate">
        <Tone tone="title">{rule.name}</Tone> <Tone tone="muted">{rule.id}</Tone> <Tone tone={statusTone}>{`[${rule.status}]`}</Tone> v{rule.version} ·{' '}
        {rule.provenance} · priority {rule.priority} · confidence {fmtRatio(rule.confidence)}
      </Text>
      <Box height={patternLines} overflow="hidden">
        {rule.format === 'regex' ? (
          <Text wrap="wrap">
            <Tone tone="muted">pattern </Tone>
            <PatternView pattern={rule.pattern} />
          </Text>
        ) : (
          <Text wrap="wrap">
            <Tone tone="muted">terms </Tone>
            {(rule.terms ?? []).join(' | ')}
          </Text>
        )}
      </Box>
      <Text wrap="truncate">
        <Tone tone="muted">template </Tone>
        {rule.output.label} ← {rule.output.group} · {rule.format}/{rule.dialect}
        {rule.flags ? ` /${rule.flags}` : ''}
        {rule.description ? <Tone tone="muted">{` · ${rule.description}`}</Tone> : null}
      </Text>
      <RuleFigures d={d} />
    </>
  );
}

/** The rule's stored metrics: two lines, its own label's figures then RuleChef's all-gold ones. */
function RuleFigures({ d }: { readonly d: RuleDetail }) {
  const m = d.metrics;
  return (
    <>
      <Text wrap="truncate">
        {m ? (
          <Text>
            {m.harmful ? <Tone tone="bad">harmful </Tone> : null}
            {m.dead ? <Tone tone="bad">dead </Tone> : null}
            {d.stale ? <Tone tone="warn">stale </Tone> : null}
            <Tone tone="muted">{`${d.split ?? 'all'}: `}</Tone>TP <Tone tone="good">{fmtCount(m.tp)}</Tone> FP <Tone tone="bad">{fmtCount(m.fp)}</Tone> FN {fmtCount(m.fn)} · P{' '}
            {fmtRatio(m.precision)} · label R {fmtRatio(m.label_recall)} F1 {fmtRatio(m.label_f1)} · ΔF1{' '}
            <Tone tone={m.marginal_f1 !== null && m.marginal_f1 < 0 ? 'bad' : 'plain'}>{fmtDelta(m.marginal_f1)}</Tone> · WLB {fmtRatio(m.wilson_lower)} · fired {fmtCount(m.fired)}
          </Text>
        ) : (
          <Tone tone="warn">not measured yet: press m to measure</Tone>
        )}
      </Text>
      <Text wrap="truncate">
        {m ? (
          <Tone tone="muted">{`all gold R ${fmtRatio(m.recall)} F1 ${fmtRatio(m.f1)} · overlaps ${fmtNoun(m.overlap.examples, 'example')}${m.overlap.partners.length ? ` (${m.overlap.partners.map((p) => p.name).join(', ')})` : ''} · conflicts ${fmtCount(m.conflict.examples)}`}</Tone>
        ) : (
          ' '
        )}
      </Text>
    </>
  );
}
