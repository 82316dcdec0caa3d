import { Box, Text } from 'ink';
import { useMemo, useState } from 'react';
import { ConfirmBar } from '../components/ConfirmBar.js';
import { ErrorPanel } from '../components/ErrorPanel.js';
import { SpanText } from '../components/SpanText.js';
import { TextField } from '../components/TextField.js';
import { Tone } from '../components/Tone.js';
import { isHeldOut, loadCorrectionTarget, saveCorrection } from '../data/corrections.js';
import { useCapture } from '../hooks/use-capture.js';
import { useKeys } from '../hooks/use-keys.js';
import { errorText, useLoader } from '../hooks/use-loader.js';
import { useServices, useShell } from '../hooks/use-services.js';
import { editLine, type LineState, lineOf } from '../model/line-edit.js';
import { nextOf } from '../model/rule-rows.js';
import { type EditSpan, nudge, sortSpans, spanOfText } from '../model/span-edit.js';
import { actionFor } from '../keymap.js';
import type { ScreenProps } from './screen-props.js';

type Pane = 'expected' | 'note';

export interface CorrectScreenProps extends ScreenProps {
  readonly exampleId: string;
  /** The rule whose output was judged wrong, when the correction starts from a rule. */
  readonly ruleId?: string;
}

const NO_LABEL = '(no label)';

/**
 * Marks an output wrong and gives the expected one: pick the label (classification), or edit
 * the spans (add by typing their text, remove, move their edges, relabel); then an optional
 * note. Saving records a correction, which also becomes a training example.
 */
export function CorrectScreen({ active, width, height, exampleId, ruleId }: CorrectScreenProps) {
  const { dataset } = useServices();
  const shell = useShell();
  const target = useLoader(() => loadCorrectionTarget(dataset, exampleId));
  const t = target.data;
  const labels = useMemo(() => (t ? [...t.labels, NO_LABEL] : []), [t]);
  const [pane, setPane] = useState<Pane>('expected');
  const [label, setLabel] = useState<string | null>(() => t?.gold.label ?? null);
  const [spans, setSpans] = useState<EditSpan[]>(() => sortSpans(t?.gold.spans ?? []));
  const [spanIndex, setSpanIndex] = useState(0);
  const [adding, setAdding] = useState<LineState | null>(null);
  const [note, setNote] = useState<LineState>(lineOf(''));
  const [error, setError] = useState<string | undefined>();
  // A held-out example is corrected only after the person agrees to move it to train.
  const [confirming, setConfirming] = useState(false);
  // Leaving with changes throws them away: ask first.
  const [discarding, setDiscarding] = useState(false);
  useCapture(active && (pane === 'note' || adding !== null || confirming || discarding));
  const changed = useMemo(
    () => !!t && (label !== (t.gold.label ?? null) || JSON.stringify(spans) !== JSON.stringify(sortSpans(t.gold.spans ?? [])) || note.value !== ''),
    [t, label, spans, note],
  );

  const save = (moveToTrain = false) => {
    if (!t) return;
    if (isHeldOut(t) && !moveToTrain) return setConfirming(true);
    setConfirming(false);
    try {
      const r = saveCorrection(dataset, t, { label, spans }, note.value, moveToTrain);
      const moved = r.moved ? ` and ${t.id} moved from ${t.split} to train` : '';
      const warn = r.warnings.length ? ` · warning: ${r.warnings[0]}` : '';
      const preview = r.preview ? ` · ${r.preview}` : '';
      shell.notify(`correction ${r.id} saved${moved}${r.alreadyRight ? ' (the rules already produce it)' : ''}: it trains the next learning round${preview}${warn}`);
      shell.back();
    } catch (e) {
      setError(errorText(e));
    }
  };

  useKeys((input, key) => {
    if (!t) {
      if (key.escape) shell.back();
      return;
    }
    if (confirming) {
      if (input === 'y') return save(true);
      if (input === 'n' || key.escape) return setConfirming(false);
      return;
    }
    if (discarding) {
      if (input === 'y') shell.back();
      if (input === 'y' || input === 'n' || key.escape) setDiscarding(false);
      return;
    }
    const action = actionFor('correct', input, key);
    if (action === 'save') return save();
    if (adding) {
      if (key.escape) return setAdding(null);
      if (key.return) {
        const s = spanOfText(t.text, adding.value, spans[spanIndex]?.label ?? t.labels[0] ?? 'LABEL', spans);
        if (!s) return setError(`"${adding.value}" is not in the text (or every occurrence is already a span)`);
        const next = sortSpans([...spans, s]);
        setSpans(next);
        setSpanIndex(next.indexOf(s));
        setAdding(null);
        setError(undefined);
        return;
      }
      const next = editLine(adding, input, key);
      if (next) setAdding(next);
      return;
    }
    if (action === 'cancel') return changed ? setDiscarding(true) : shell.back();
    if (action === 'pane') return setPane((p) => (p === 'expected' ? 'note' : 'expected'));
    if (pane === 'note') {
      if (key.return) return save();
      const next = editLine(note, input, key);
      if (next) setNote(next);
      return;
    }
    if (action === 'note') return setPane('note');
    // j/↓ moves down, k/↑ up (both are the table's `pick`).
    const step = input === 'k' || key.upArrow ? -1 : 1;
    if (t.kind === 'classification') {
      if (action === 'pick') setLabel(toLabel(nextOf(labels, label ?? NO_LABEL, step)));
      return;
    }
    if (t.kind === 'spans') {
      const cur = spans[spanIndex];
      if (action === 'pick') setSpanIndex((i) => Math.max(0, Math.min(spans.length - 1, i + step)));
      else if (action === 'add') setAdding(lineOf(''));
      else if (action === 'remove' && cur) {
        setSpans(spans.filter((_, i) => i !== spanIndex));
        setSpanIndex((i) => Math.max(0, Math.min(i, spans.length - 2)));
      } else if (action === 'nudge' && cur) {
        const edge = input === 'h' || input === 'l' ? 'start' : 'end';
        const delta = input === 'h' || input === 'H' ? -1 : 1;
        setSpans(spans.map((s, i) => (i === spanIndex ? nudge(s, edge, delta, t.text.length) : s)));
      } else if (action === 'relabel' && cur && t.labels.length) {
        setSpans(spans.map((s, i) => (i === spanIndex ? { ...s, label: nextOf(t.labels, s.label) } : s)));
      }
    }
  }, active);

  if (target.error) return <ErrorPanel title={`Cannot correct ${exampleId}`} message={target.error} hint="esc: back" />;
  if (!t) return null;
  const textLines = Math.max(2, Math.min(6, height - 12));
  return (
    <Box flexDirection="column" height={height}>
      <Text wrap="truncate">
        <Tone tone="title">Correct</Tone> example {t.id} <Tone tone="muted">{`(${t.split}, ${t.source})`}</Tone>
        {ruleId ? <Tone tone="muted">{` · from rule ${ruleId}`}</Tone> : null}
        {isHeldOut(t) ? <Tone tone="warn">{` · held out: saving asks to move it to train`}</Tone> : null}
      </Text>
      <Box height={textLines} overflow="hidden">
        {t.kind === 'spans' ? <SpanText text={t.text} spans={spans} selected={spanIndex} /> : <Text wrap="wrap">{t.text}</Text>}
      </Box>
      <Text wrap="truncate">
        <Tone tone="muted">gold </Tone>
        {t.goldText}
      </Text>
      <Text wrap="truncate">
        <Tone tone="muted">rules now </Tone>
        {t.producedText ?? <Tone tone="muted">—</Tone>}
      </Text>
      <Tone tone={pane === 'expected' ? 'selected' : 'muted'}>{` expected output `}</Tone>
      <Box flexDirection="column" flexGrow={1} overflow="hidden">
        {t.kind === 'classification' ? (
          labels.map((l) => {
            const on = (label ?? NO_LABEL) === l;
            return (
              <Text key={l} wrap="truncate">
                {on ? '(•) ' : '( ) '}
                {on ? <Tone tone="title">{l}</Tone> : l}
              </Text>
            );
          })
        ) : t.kind === 'spans' ? (
          spans.length ? (
            spans.map((s, i) => (
              <Text key={`${s.start}-${s.end}-${s.label}`} wrap="truncate">
                {i === spanIndex ? '› ' : '  '}
                {`${s.start}-${s.end}`} <Tone tone="accent">{s.label}</Tone> "{t.text.slice(s.start, s.end)}"
              </Text>
            ))
          ) : (
            <Tone tone="muted">no spans: nothing should be extracted (a to add one)</Tone>
          )
        ) : (
          <Tone tone="muted">transformation outputs are corrected with `rulewright correct --example ID --expected-output JSON`</Tone>
        )}
        {adding ? <TextField label="span text" line={adding} focused width={width} /> : null}
      </Box>
      <TextField label="note" line={note} focused={pane === 'note'} width={width} placeholder="optional: why it is wrong (tab)" />
      {discarding ? (
        <ConfirmBar question="Discard this correction? (nothing is saved)" />
      ) : confirming ? (
        <Tone tone="warn" wrap="truncate">
          {`${t.id} is in ${t.split}, held out: move it to train to correct it (${t.split} shrinks by one)? y move and save · n keep it held out`}
        </Tone>
      ) : error ? (
        <Tone tone="bad" wrap="truncate">
          {error}
        </Tone>
      ) : (
        <Tone tone="muted" wrap="truncate">
          {t.kind === 'spans' ? 'a add · x remove · h/l start · H/L end · n label · ' : 'j/k label · '}tab note · ctrl-s save
        </Tone>
      )}
    </Box>
  );
}

const toLabel = (l: string) => (l === NO_LABEL ? null : l);
