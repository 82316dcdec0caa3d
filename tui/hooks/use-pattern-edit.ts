import { type Dispatch, type SetStateAction, useEffect, useState } from 'react';
import { type LineState, lineOf } from '../model/line-edit.js';
import { type Job, useJob } from './use-job.js';

/** How long typing must pause before the preview job starts. */
const PREVIEW_DEBOUNCE_MS = 250;

export interface PatternEdit {
  /** The pattern being typed, or null when not editing. */
  readonly editing: LineState | null;
  readonly setEditing: Dispatch<SetStateAction<LineState | null>>;
  /** What the typed pattern would change, computed in the background. */
  readonly preview: Job<'preview'>;
  /** Starts editing from the rule's pattern. */
  begin(pattern: string): void;
  /** Stops editing (and any preview under way); returns the typed pattern. */
  end(): string | undefined;
}

/**
 * A rule's pattern being edited, with a live preview of the metric change: the preview job
 * starts once typing pauses, and each new keystroke cancels the last run. A draft equal to the
 * saved pattern needs no preview.
 */
export function usePatternEdit(ruleId: string, saved: string | undefined): PatternEdit {
  const [editing, setEditing] = useState<LineState | null>(null);
  const preview = useJob('preview');
  const draft = editing?.value;
  const { start: startPreview, cancel: cancelPreview } = preview;
  useEffect(() => {
    if (draft === undefined || draft === saved) return cancelPreview();
    const t = setTimeout(() => startPreview({ ruleId, pattern: draft }), PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [draft, saved, ruleId, startPreview, cancelPreview]);
  return {
    editing,
    setEditing,
    preview,
    begin: (pattern) => setEditing(lineOf(pattern)),
    end: () => {
      preview.cancel();
      setEditing(null);
      return editing?.value;
    },
  };
}
