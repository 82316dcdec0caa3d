import { Box, Text } from 'ink';
import { useContext, useMemo } from 'react';
import { ErrorPanel } from '../components/ErrorPanel.js';
import { Tone } from '../components/Tone.js';
import { loadExampleMatches } from '../data/rule-detail.js';
import { useKeys } from '../hooks/use-keys.js';
import { useListCursor } from '../hooks/use-list-cursor.js';
import { useLoader } from '../hooks/use-loader.js';
import { useServices, useShell } from '../hooks/use-services.js';
import { fit } from '../model/format.js';
import { matchSegments, windowSegments } from '../model/match-segments.js';
import { ThemeContext } from '../theme.js';
import { actionFor } from '../keymap.js';
import type { ScreenProps } from './screen-props.js';

export interface ExampleScreenProps extends ScreenProps {
  readonly exampleId: string;
  /** The rule the example was opened from: its matches stand out. */
  readonly ruleId?: string;
}

function goldLine(g: { label?: string | null | undefined; spans?: readonly { label: string; start: number; end: number }[] | undefined; output?: unknown }, text: string): string {
  if (g.label !== undefined) return g.label ?? '(none)';
  if (g.spans) return g.spans.length ? g.spans.map((s) => `${s.label}:"${text.slice(s.start, s.end)}"`).join(' ') : '—';
  return g.output === undefined ? '—' : JSON.stringify(g.output);
}

/**
 * One example whole, with every rule's matches on it: the text wrapped to the screen (a long one
 * as a window around the selected match, which moves with the cursor) with each
 * matched stretch marked (the rule it was opened from in its own colour, or `[ ]` against `{ }`
 * without colour), then each match with its rule, label and offsets. Why a rule fired, in full.
 */
export function ExampleScreen({ active, width, height, exampleId, ruleId }: ExampleScreenProps) {
  const { dataset } = useServices();
  const shell = useShell();
  const { color } = useContext(ThemeContext);
  const loaded = useLoader(() => loadExampleMatches(dataset, exampleId, ruleId));
  const e = loaded.data;
  const matches = useMemo(() => e?.matches ?? [], [e]);
  const segments = useMemo(() => (e ? matchSegments(e.text, matches) : []), [e, matches]);
  // The text takes up to half the screen; the match list the rest.
  const textLines = Math.max(1, Math.min(Math.ceil((e?.text.length ?? 0) / Math.max(1, width - 1)) + 1, Math.floor((height - 4) / 2)));
  const listHeight = Math.max(1, height - 4 - textLines);
  const nav = useListCursor(matches.length, listHeight);
  // A text longer than its area is shown as a window around the selected match.
  const shown = useMemo(
    () => windowSegments(segments, e?.text.length ?? 0, textLines * Math.max(1, width - 1), matches[nav.cursor.index]?.start ?? 0),
    [segments, e, textLines, width, matches, nav.cursor.index],
  );

  useKeys((input, key) => {
    if (nav.onKey(input, key)) return;
    const action = actionFor('example', input, key);
    if (action === 'back') shell.back();
    else if (action === 'correct') shell.push({ screen: 'correct', exampleId, ...(ruleId ? { ruleId } : {}) });
    else if (action === 'suggest') shell.push({ screen: 'suggest', exampleId });
    else if (action === 'feedback') shell.composeFeedback({ level: 'example', id: exampleId, title: exampleId });
  }, active);

  if (loaded.error) return <ErrorPanel title={`Cannot open example ${exampleId}`} message={loaded.error} hint="esc: back" />;
  if (!e) return null;
  const predicted = goldLine({ ...(e.prediction.label !== undefined ? { label: e.prediction.label ?? '(abstain)' } : {}), ...(e.prediction.spans ? { spans: e.prediction.spans } : {}), ...(e.prediction.output ? { output: e.prediction.output } : {}) }, e.text);
  const rulesFired = new Set(matches.map((m) => m.rule_id)).size;
  const visible = matches.slice(nav.cursor.top, nav.cursor.top + listHeight);
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
        <Text wrap="wrap">
          {shown.map((s) => {
            if (!s.covers.length) return <Tone key={s.start}>{s.text}</Tone>;
            const mine = s.covers.some((k) => matches[k]!.rule_id === ruleId);
            const [open, close] = color ? ['', ''] : mine ? ['[', ']'] : ['{', '}'];
            return (
              <Tone key={s.start} tone={mine ? 'tp' : 'special'}>
                {`${open}${s.text}${close}`}
              </Tone>
            );
          })}
        </Text>
      </Box>
      <Tone tone="muted">{fit(`matches${ruleId ? ` (${color ? 'highlighted' : '[ ]'}: this rule; ${color ? 'magenta' : '{ }'}: other rules)` : ''}`, width)}</Tone>
      <Box flexDirection="column" height={listHeight} overflow="hidden">
        {matches.length === 0 ? (
          <Tone tone="muted">no rule matches this example</Tone>
        ) : (
          visible.map((m, i) => {
            const sel = i === nav.cursor.index - nav.cursor.top;
            const head = `${sel ? '› ' : '  '}${m.rule_id === ruleId ? '*' : ' '} ${m.start}-${m.end} ${m.label} `;
            const name = ` ${m.name}`;
            return (
              <Text key={`${m.rule_id}:${m.start}:${m.end}`} wrap="truncate">
                {head}
                <Tone tone={m.rule_id === ruleId ? 'tp' : 'special'}>{fit(JSON.stringify(e.text.slice(m.start, m.end)), Math.max(6, Math.floor((width - head.length) / 2)))}</Tone>
                <Tone tone="muted">{name}</Tone>
              </Text>
            );
          })
        )}
      </Box>
      <Text> </Text>
    </Box>
  );
}
