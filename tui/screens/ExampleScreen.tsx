import { Box, type Key, Text } from 'ink';
import { useContext, useMemo } from 'react';
import { isSpanTask, type Task } from '../../src/core/schemas/task.js';
import type { ExampleMatches } from '../../src/service/index.js';
import { ErrorPanel } from '../components/ErrorPanel.js';
import { ExampleText } from '../components/ExampleText.js';
import { MatchList } from '../components/MatchList.js';
import { Tone } from '../components/Tone.js';
import { loadExampleMatches } from '../data/rule-detail.js';
import { useKeys } from '../hooks/use-keys.js';
import { useListCursor } from '../hooks/use-list-cursor.js';
import { useLoader } from '../hooks/use-loader.js';
import { useServices, useShell } from '../hooks/use-services.js';
import { type SpanSelection, useSpanSelection } from '../hooks/use-span-selection.js';
import { fit } from '../model/format.js';
import { markSegments, matchSegments, steppedFocus, windowSegments } from '../model/match-segments.js';
import { ThemeContext } from '../theme.js';
import { actionFor, type ActionOf, keyName } from '../keymap.js';
import type { ScreenProps } from './screen-props.js';

export interface ExampleScreenProps extends ScreenProps {
  readonly exampleId: string;
  /** The rule the example was opened from: its matches stand out. */
  readonly ruleId?: string;
}

const NO_GOLD: readonly { start: number; end: number; label: string }[] = [];
const NO_LABELS: readonly string[] = [];

function goldLine(g: { label?: string | null | undefined; spans?: readonly { label: string; start: number; end: number }[] | undefined; output?: unknown }, text: string): string {
  if (g.label !== undefined) return g.label ?? '(none)';
  if (g.spans) return g.spans.length ? g.spans.map((s) => `${s.label}:"${text.slice(s.start, s.end)}"`).join(' ') : '—';
  return g.output === undefined ? '—' : JSON.stringify(g.output);
}

/**
 * One example whole, with every rule's matches on it: the text wrapped to the screen (a long one
 * as a window around the selected match, or the text cursor once it moves) with each matched
 * stretch marked, then each match with its rule, label and offsets. Why a rule fired, in full.
 * On a span task a text cursor selects a span (shift with the arrows), and `s` asks for rules
 * that extract it.
 */
export function ExampleScreen({ exampleId, ruleId, ...props }: ExampleScreenProps) {
  const { dataset } = useServices();
  const shell = useShell();
  const loaded = useLoader(() => ({ example: loadExampleMatches(dataset, exampleId, ruleId), task: dataset.task }));
  useKeys((_input, key) => {
    if (key.escape) shell.back();
  }, props.active && !loaded.data);
  if (loaded.error) return <ErrorPanel title={`Cannot open example ${exampleId}`} message={loaded.error} hint="esc: back" />;
  if (!loaded.data) return null;
  return <ExampleView {...props} e={loaded.data.example} task={loaded.data.task} ruleId={ruleId} />;
}

interface ExampleViewProps extends ScreenProps {
  readonly e: ExampleMatches;
  readonly task: Task;
  readonly ruleId: string | undefined;
}

function ExampleView({ active, width, height, e, task, ruleId }: ExampleViewProps) {
  const { color } = useContext(ThemeContext);
  const spans = isSpanTask(task.type);
  const matches = e.matches;
  const sel = useSpanSelection(e.text, e.gold.spans ?? NO_GOLD, task.labels ?? NO_LABELS);
  // The text takes up to half the screen; the match list the rest.
  const textLines = Math.max(1, Math.min(Math.ceil(e.text.length / Math.max(1, width - 1)) + 1, Math.floor((height - 4) / 2)));
  const listHeight = Math.max(1, height - 4 - textLines);
  const nav = useListCursor(matches.length, listHeight);
  const shown = useShownText(e, sel, nav.cursor.index, textLines * Math.max(1, width - 1));
  useExampleKeys({ e, ruleId, spans, sel, origin: matches[nav.cursor.index]?.start ?? 0, onNavKey: nav.onKey, active });

  const predicted = goldLine({ ...(e.prediction.label !== undefined ? { label: e.prediction.label ?? '(abstain)' } : {}), ...(e.prediction.spans ? { spans: e.prediction.spans } : {}), ...(e.prediction.output ? { output: e.prediction.output } : {}) }, e.text);
  const rulesFired = new Set(matches.map((m) => m.rule_id)).size;
  return (
    <Box flexDirection="column" height={height}>
      <Text wrap="truncate">
        <Tone tone="title">{`example ${e.id}`}</Tone> <Tone tone="muted">{e.split}</Tone> · {matches.length} {matches.length === 1 ? 'match' : 'matches'} of {rulesFired}{' '}
        {rulesFired === 1 ? 'rule' : 'rules'}
      </Text>
      <Text wrap="truncate">
        <Tone tone="muted">gold </Tone>
        {goldLine(e.gold, e.text)} <Tone tone="muted">· rules </Tone>
        {predicted}
      </Text>
      <Box height={textLines} overflow="hidden">
        <ExampleText segments={shown} mine={(k) => matches[k]!.rule_id === ruleId} />
      </Box>
      <Tone tone="muted">{fit(`matches${ruleId ? ` (${color ? 'highlighted' : '[ ]'}: this rule; ${color ? 'magenta' : '{ }'}: other rules)` : ''}`, width)}</Tone>
      <MatchList text={e.text} matches={matches.slice(nav.cursor.top, nav.cursor.top + listHeight)} selected={nav.cursor.index - nav.cursor.top} ruleId={ruleId} width={width} height={listHeight} />
      {spans ? <SelectionLine text={e.text} sel={sel} width={width} /> : <Text> </Text>}
    </Box>
  );
}

/** The text's segments as drawn: windowed around the caret (else the selected match) and marked with the cursor. */
function useShownText(e: ExampleMatches, sel: SpanSelection, matchIndex: number, capacity: number) {
  const segments = useMemo(() => matchSegments(e.text, e.matches), [e]);
  const focus = sel.cursor ? steppedFocus(sel.cursor.caret, capacity) : (e.matches[matchIndex]?.start ?? 0);
  const { selection, caret } = sel;
  return useMemo(() => markSegments(windowSegments(segments, e.text.length, capacity, focus), e.text.length, selection, caret), [segments, e.text.length, capacity, focus, selection, caret]);
}

/** Keys that move the text cursor, and which way each goes. */
const TEXT_MOVES = {
  cursor: { move: ['left', 'right'], extend: false },
  word: { move: ['word-left', 'word-right'], extend: false },
  select: { move: ['left', 'right'], extend: true },
  'select-word': { move: ['word-left', 'word-right'], extend: true },
} as const;

const isTextMove = (a: ActionOf<'example'> | null): a is keyof typeof TEXT_MOVES => a !== null && a in TEXT_MOVES;
/** Keys that go back (left, b, B, alt-b) as against on. */
const goesBack = (input: string, key: Key) => /left$|^(meta-)?[bB]$/.test(keyName(input, key));

interface ExampleKeys {
  readonly e: ExampleMatches;
  readonly ruleId: string | undefined;
  /** A span task: the text cursor keys work. */
  readonly spans: boolean;
  readonly sel: SpanSelection;
  /** Where the text cursor first shows: the selected match. */
  readonly origin: number;
  /** The match list's own keys (j/k, g/G, paging). */
  readonly onNavKey: (input: string, key: Key) => boolean;
  readonly active: boolean;
}

/** The Example screen's keys: the match list, the text cursor and its selection, and what opens from here. */
function useExampleKeys({ e, ruleId, spans, sel, origin, onNavKey, active }: ExampleKeys) {
  const shell = useShell();
  // A selection asks for rules that extract it; without one, for rules that give the example its label.

  const suggest = () => {
    if (!sel.selection) return shell.push({ screen: 'suggest', exampleId: e.id });
    if (!sel.label) return shell.notify('no label to give the span: the task names none (add labels to the task first)');
    shell.push({ screen: 'suggest', exampleId: e.id, span: { ...sel.selection, label: sel.label.label } });
  };
  useKeys((input, key) => {
    if (onNavKey(input, key)) return;
    const action = actionFor('example', input, key);
    if (spans && isTextMove(action)) {
      const { move, extend } = TEXT_MOVES[action];
      return sel.move(move[goesBack(input, key) ? 0 : 1], extend, origin);
    }
    if (spans && action === 'label') return sel.cycleLabel();
    if (action === 'back' && !(spans && sel.clear())) shell.back();
    else if (action === 'correct') shell.push({ screen: 'correct', exampleId: e.id, ...(ruleId ? { ruleId } : {}) });
    else if (action === 'suggest') suggest();
    else if (action === 'feedback') shell.composeFeedback({ level: 'example', id: e.id, title: e.id });
  }, active);
}

interface SelectionLineProps {
  readonly text: string;
  readonly sel: SpanSelection;
  readonly width: number;
}

/** How to select a span, where the text cursor is, or what is selected and the label a rule for it would give. */
function SelectionLine({ text, sel, width }: SelectionLineProps) {
  if (!sel.cursor) return <Tone tone="muted">{fit('←/→ text cursor · shift-←/→ selects a span · s then suggests rules that extract it', width)}</Tone>;
  if (!sel.selection) return <Tone tone="muted">{fit(`cursor at ${sel.cursor.caret} · shift-←/→ selects a span`, width)}</Tone>;
  const { start, end } = sel.selection;
  const head = `selected ${start}-${end} ${JSON.stringify(text.slice(start, end))}`;
  if (!sel.label) return <Tone tone="warn">{fit(`${head} · no label to give it: the task names none`, width)}</Tone>;
  return (
    <Text wrap="truncate">
      {`${head} → `}
      <Tone tone="accent">{sel.label.label}</Tone>
      <Tone tone="muted">{` (${sel.label.source}) · s suggests rules that extract it · l next label · esc drops it`}</Tone>
    </Text>
  );
}
