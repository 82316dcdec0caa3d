import { Box, Text } from 'ink';
import { useState } from 'react';
import { Tone } from '../components/Tone.js';
import type { FeedbackTarget } from '../context.js';
import { addFeedback } from '../data/feedback.js';
import { useCapture } from '../hooks/use-capture.js';
import { useKeys } from '../hooks/use-keys.js';
import { errorText } from '../hooks/use-loader.js';
import { useServices, useShell } from '../hooks/use-services.js';
import { editLine, type LineState, lineOf } from '../model/line-edit.js';

export interface FeedbackComposerProps {
  readonly target: FeedbackTarget;
  readonly width: number;
  readonly height: number;
  readonly onClose: () => void;
}

const describe = (t: FeedbackTarget) => (t.level === 'task' ? 'the task' : `${t.level} ${t.title}${t.title !== t.id ? ` (${t.id})` : ''}`);

/**
 * Writes plain-English feedback to the task, a rule or an example. The next learning round
 * reads open feedback; the Feedback screen lists it with its status.
 */
export function FeedbackComposer({ target, width, height, onClose }: FeedbackComposerProps) {
  const { dataset } = useServices();
  const shell = useShell();
  const [line, setLine] = useState<LineState>(lineOf(''));
  const [error, setError] = useState<string | undefined>();
  // Read once: whether the next learning run can read what is typed here at all.
  const [offlineNote] = useState(() => {
    try {
      return dataset.learningMode().note;
    } catch {
      return null;
    }
  });
  useCapture(true);

  useKeys((input, key) => {
    if (key.escape) return onClose();
    if (key.return) {
      try {
        const f = addFeedback(dataset, target, line.value);
        // Offline, the notice must say the feedback will sit unread: it is kept short to fit at 80 columns.
        shell.notify(offlineNote ? `feedback ${f.id} saved (open): offline learning will not read it` : `feedback ${f.id} saved on ${target.level === 'task' ? 'the task' : target.title} (open)`);
        onClose();
      } catch (e) {
        setError(errorText(e));
      }
      return;
    }
    const next = editLine(line, input, key);
    if (next) setLine(next);
  });

  // The text wraps inside the box; the caret is shown as a bar at its place.
  const shown = `${line.value.slice(0, line.caret)}▏${line.value.slice(line.caret)}`;
  return (
    <Box flexDirection="column" borderStyle="single" paddingX={1} width={width} height={Math.min(height, 12)}>
      <Tone tone="title">{`Feedback on ${describe(target)}`}</Tone>
      {offlineNote ? (
        <Tone tone="warn" wrap="wrap">
          {offlineNote}
        </Tone>
      ) : (
        <Tone tone="muted">Say in plain English what is wrong or what the rules should do. Learning reads it next round.</Tone>
      )}
      <Box marginTop={1} flexGrow={1}>
        <Text wrap="wrap">{shown}</Text>
      </Box>
      {error ? <Tone tone="bad">{error}</Tone> : null}
      <Text>
        <Tone tone="key">enter</Tone> save · <Tone tone="key">esc</Tone> cancel
      </Text>
    </Box>
  );
}
