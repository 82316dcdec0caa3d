/** A span being edited in a correction: offsets into the text and a label. */
export interface EditSpan {
  readonly start: number;
  readonly end: number;
  readonly label: string;
}

/** Moves one edge of a span by `delta`, keeping it non-empty and inside the text. */
export function nudge(s: EditSpan, edge: 'start' | 'end', delta: number, textLength: number): EditSpan {
  if (edge === 'start') {
    const start = Math.max(0, Math.min(s.end - 1, s.start + delta));
    return { ...s, start };
  }
  const end = Math.min(textLength, Math.max(s.start + 1, s.end + delta));
  return { ...s, end };
}

/**
 * A span for the first occurrence of `needle` in `text` that no span in `taken` already
 * covers exactly; null when the text does not contain it.
 */
export function spanOfText(text: string, needle: string, label: string, taken: readonly EditSpan[]): EditSpan | null {
  if (!needle) return null;
  let at = text.indexOf(needle);
  while (at >= 0) {
    const start = at;
    if (!taken.some((t) => t.start === start && t.end === start + needle.length)) return { start, end: start + needle.length, label };
    at = text.indexOf(needle, at + 1);
  }
  return null;
}

/** Spans in text order. */
export function sortSpans(spans: readonly EditSpan[]): EditSpan[] {
  return [...spans].sort((a, b) => a.start - b.start || a.end - b.end || (a.label < b.label ? -1 : 1));
}
