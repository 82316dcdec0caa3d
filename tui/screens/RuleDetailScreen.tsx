import { Box, Text } from 'ink';
import { useEffect, useMemo, useState } from 'react';
import type { RuleSample } from '../../src/core/schemas/rule-metrics.js';
import { ConfirmBar } from '../components/ConfirmBar.js';
import { ErrorPanel } from '../components/ErrorPanel.js';
import { PatternView } from '../components/PatternView.js';
import { SampleLine } from '../components/SampleLine.js';
import { Spinner } from '../components/Spinner.js';
import { TextField } from '../components/TextField.js';
import { Tone } from '../components/Tone.js';
import { VersionDiff } from '../components/VersionDiff.js';
import { PreviewLine } from '../components/PreviewLine.js';
import { deleteRule, loadRuleDetail, type RuleDetail, saveRulePattern } from '../data/rule-detail.js';
import { useCapture } from '../hooks/use-capture.js';
import { useJob } from '../hooks/use-job.js';
import { useKeys } from '../hooks/use-keys.js';
import { useListCursor } from '../hooks/use-list-cursor.js';
import { useRescore } from '../hooks/use-rescore.js';
import { useStatusChange } from '../hooks/use-status-change.js';
import { errorText, useLoader } from '../hooks/use-loader.js';
import { useServices, useShell } from '../hooks/use-services.js';
import { fmtAgo, fmtCount, fmtDelta, fmtNoun, fmtRatio } from '../model/format.js';
import { editLine, type LineState, lineOf } from '../model/line-edit.js';
import { nextOf } from '../model/rule-rows.js';
import { actionFor } from '../keymap.js';
import type { ScreenProps } from './screen-props.js';

type ItemFilter = 'all' | 'correct' | 'incorrect' | 'fp' | 'fn';
const ITEM_FILTERS: readonly ItemFilter[] = ['all', 'correct', 'incorrect', 'fp', 'fn'];
type Pane = 'items' | 'versions';

/** How long typing must pause before the preview job starts. */
const PREVIEW_DEBOUNCE_MS = 250;

function pickSamples(s: { tp: RuleSample[]; fp: RuleSample[]; fn: RuleSample[] } | undefined, f: ItemFilter): RuleSample[] {
  if (!s) return [];
  switch (f) {
    case 'correct':
      return s.tp;
    case 'incorrect':
      return [...s.fp, ...s.fn];
    case 'fp':
      return s.fp;
    case 'fn':
      return s.fn;
    default:
      return [...s.tp, ...s.fp, ...s.fn];
  }
}

/** The rule's first match on a sampled example, with the example's whole text. */
function triggerOf(d: RuleDetail, exampleId: string): { text: string; start: number; end: number } | undefined {
  const e = d.matches.get(exampleId);
  const m = e?.matches[0];
  return e && m ? { text: e.text, start: m.start, end: m.end } : undefined;
}

export interface RuleDetailProps extends ScreenProps {
  readonly ruleId: string;
}

/**
 * One rule: its pattern (highlighted), output template and provenance, its stored metrics,
 * its TP/FP/FN items in context (filtered), and its version history with diffs. `p` edits the
 * pattern with a live preview of the metric change (computed in the background) before saving.
 */
export function RuleDetailScreen({ active, width, height, ruleId }: RuleDetailProps) {
  const { dataset } = useServices();
  const shell = useShell();
  const detail = useLoader(() => loadRuleDetail(dataset, ruleId));
  const [pane, setPane] = useState<Pane>('items');
  const [filter, setFilter] = useState<ItemFilter>('all');
  const [editing, setEditing] = useState<LineState | null>(null);
  const [confirm, setConfirm] = useState<'delete' | 'disable' | null>(null);
  const [error, setError] = useState<string | undefined>();
  useCapture(active && (editing !== null || confirm !== null));
  const preview = useJob('preview');
  const rescore = useRescore();
  const { reload: reloadDetail } = detail;
  const generation = rescore.generation;
  useEffect(() => {
    if (generation) reloadDetail();
  }, [generation, reloadDetail]);

  // Preview the edited pattern once typing pauses; each new keystroke cancels the last run.
  const draft = editing?.value;
  const saved = detail.data?.rule.pattern;
  const { start: startPreview, cancel: cancelPreview } = preview;
  useEffect(() => {
    if (draft === undefined || draft === saved) return cancelPreview();
    const t = setTimeout(() => startPreview({ ruleId, pattern: draft }), PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [draft, saved, ruleId, startPreview, cancelPreview]);

  const d = detail.data;
  const items = useMemo(() => pickSamples(d?.metrics?.samples, filter), [d, filter]);
  const versions = useMemo(() => [...(d?.versions ?? [])].reverse(), [d]);
  // The pattern gets a second line only when it needs one.
  const patternText = d?.rule.format === 'regex' ? d.rule.pattern : (d?.rule.terms ?? []).join(' | ');
  const patternLines = patternText.length + 9 > width ? 2 : 1;
  const headerLines = 5 + patternLines;
  const bottomLines = editing ? 3 : 1;
  const listHeight = Math.max(2, height - headerLines - bottomLines);
  const itemsNav = useListCursor(items.length, listHeight);
  const versionsNav = useListCursor(versions.length, Math.max(1, Math.floor(listHeight / 2)));

  const act = (what: () => void | Promise<void>) => {
    try {
      const r = what();
      if (r) r.catch((e: unknown) => setError(errorText(e)));
    } catch (e) {
      setError(errorText(e));
    }
  };

  const status = useStatusChange();
  const changed = (done: () => Promise<string>) =>
    act(async () => {
      if (!rescore.changed(await done())) detail.reload();
    });
  const toggle = () => d && changed(() => status.change(ruleId, d.rule.name, d.rule.status === 'active' ? 'active' : 'disabled'));

  useKeys((input, key) => {
    if (!d) {
      if (key.escape) shell.back();
      return;
    }
    if (confirm) {
      if (input === 'y') {
        setConfirm(null);
        if (confirm === 'disable') return toggle();
        act(() => {
          deleteRule(dataset, ruleId);
          rescore.changed(`deleted ${d.rule.name}`);
          shell.back();
        });
      } else if (input === 'n' || key.escape) setConfirm(null);
      return;
    }
    if (editing) {
      if (key.escape) {
        preview.cancel();
        setEditing(null);
      } else if (key.return) {
        const pattern = editing.value;
        preview.cancel();
        setEditing(null);
        if (pattern === d.rule.pattern) return;
        act(async () => {
          const saved = await saveRulePattern(dataset, ruleId, pattern);
          detail.reload();
          // Re-score at once, in the background: the row and this screen show the new figures when it lands.
          rescore.start(`saved ${saved.name} as version ${saved.version} · re-scoring in the background…`);
        });
      } else {
        const next = editLine(editing, input, key);
        if (next) setEditing(next);
      }
      return;
    }
    if (error && key.escape) return setError(undefined);
    if ((pane === 'items' ? itemsNav : versionsNav).onKey(input, key)) return;
    const item = pane === 'items' ? items[itemsNav.cursor.index] : undefined;
    switch (actionFor('rule', input, key)) {
      case 'back':
        return shell.back();
      case 'pane':
        return setPane((p) => (p === 'items' ? 'versions' : 'items'));
      case 'items':
        return setFilter((f) => nextOf(ITEM_FILTERS, f));
      case 'edit':
        if (d.rule.format !== 'regex') return setError('this is a lexicon rule: edit its terms with `rulewright rules edit`');
        return setEditing(lineOf(d.rule.pattern));
      case 'toggle':
        // Disabling takes the rule out of the ruleset: ask first. Enabling only puts it back.
        if (d.rule.status === 'active') return setConfirm('disable');
        return toggle();
      case 'undo':
        return changed(status.undo);
      case 'delete':
        return setConfirm('delete');
      case 'feedback':
        return shell.composeFeedback({ level: 'rule', id: ruleId, title: d.rule.name });
      case 'correct':
        if (item) shell.push({ screen: 'correct', exampleId: item.example_id, ruleId });
        return;
      case 'open':
        if (item) shell.push({ screen: 'example', exampleId: item.example_id, ruleId });
        return;
      case null:
        return;
    }
  }, active);

  if (detail.error) return <ErrorPanel title={`Cannot open rule ${ruleId}`} message={detail.error} hint="esc: back" />;
  if (!d) return null;
  const { rule, metrics: m } = d;
  const visibleItems = items.slice(itemsNav.cursor.top, itemsNav.cursor.top + listHeight);
  const sel = versions[versionsNav.cursor.index];
  const visibleVersions = versions.slice(versionsNav.cursor.top, versionsNav.cursor.top + Math.max(1, Math.floor(listHeight / 2)));
  const statusTone = rule.status === 'active' ? 'good' : rule.status === 'rejected' ? 'bad' : 'warn';
  return (
    <Box flexDirection="column" height={height}>
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
      <Text wrap="truncate">
        <Tone tone={pane === 'items' ? 'selected' : 'muted'}>{` items: ${filter} (${items.length}) `}</Tone>{' '}
        <Tone tone={pane === 'versions' ? 'selected' : 'muted'}>{` versions (${d.versions.length}) `}</Tone>
        {rule.validated_support ? <Tone tone="muted">{`  validated P ${fmtRatio(rule.validated_precision)} on ${fmtCount(rule.validated_support)}`}</Tone> : null}
      </Text>
      <Box flexDirection="column" height={listHeight} overflow="hidden">
        {pane === 'items' ? (
          items.length === 0 ? (
            <Tone tone="muted">{m ? `no ${filter === 'all' ? '' : `${filter} `}items in the stored samples` : 'no samples until the rule is measured'}</Tone>
          ) : (
            visibleItems.map((s, i) => (
              <SampleLine
                key={`${s.kind}:${s.example_id}:${s.context.before.length}:${i}`}
                sample={s}
                width={width}
                selected={i === itemsNav.cursor.index - itemsNav.cursor.top}
                focused={active}
                classification={d.taskType === 'classification'}
                match={triggerOf(d, s.example_id)}
                ensemble={s.kind === 'fn' ? d.ensemble.get(s.example_id) : undefined}
              />
            ))
          )
        ) : (
          <Box flexDirection="column">
            {visibleVersions.map((v, i) => {
              const isSel = i === versionsNav.cursor.index - versionsNav.cursor.top;
              return (
                <Text key={v.version} wrap="truncate">
                  {isSel ? '› ' : '  '}v{v.version} <Tone tone="muted">{fmtAgo(v.created_at)}</Tone> {v.note}
                </Text>
              );
            })}
            <Tone tone="muted">{'─'.repeat(Math.max(1, width - 2))}</Tone>
            {sel ? <VersionDiff changes={sel.changes} first={sel.version === d.versions[0]?.version} maxLines={Math.max(1, listHeight - visibleVersions.length - 1)} /> : null}
          </Box>
        )}
      </Box>
      {confirm === 'delete' ? (
        <ConfirmBar question={`Delete ${rule.name}? (its history is kept; \`rules restore\` brings it back)`} />
      ) : confirm === 'disable' ? (
        <ConfirmBar question={`Disable ${rule.name}? (e enables it again)`} />
      ) : editing ? (
        <Box flexDirection="column" height={3}>
          <TextField label="pattern" line={editing} focused width={width} />
          {preview.state.status === 'running' ? (
            <Spinner label="previewing on the data… (enter saves, esc cancels)" />
          ) : preview.state.status === 'done' ? (
            <PreviewLine preview={preview.state.result} />
          ) : preview.state.status === 'failed' ? (
            <Tone tone="bad">{preview.state.error}</Tone>
          ) : (
            <Tone tone="muted">type: the metric change shows here · enter saves · esc cancels</Tone>
          )}
        </Box>
      ) : error ? (
        <Tone tone="bad">{error}</Tone>
      ) : (
        <Text> </Text>
      )}
    </Box>
  );
}
