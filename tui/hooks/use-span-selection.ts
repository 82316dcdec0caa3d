import { useMemo, useState } from 'react';
import { type GoldSpan, labelChoices, type SpanLabel, spanLabel } from '../model/span-label.js';
import { caretRange, clampCursor, cursorAt, moveTextCursor, selectionOf, type TextCursor, type TextMove, type TextRange, textStops } from '../model/text-cursor.js';
import { nextOf } from '../model/rule-rows.js';

export interface SpanSelection {
  /** Null until the first cursor key: a text nobody is selecting in shows no caret. */
  readonly cursor: TextCursor | null;
  readonly selection: TextRange | null;
  /** The character the caret is on, when the cursor shows and nothing is selected. */
  readonly caret: TextRange | null;
  /** The label a rule for the selection gives, and why; null without a selection (or any label). */
  readonly label: SpanLabel | null;
  /** Moves the caret (from `origin` when it is not shown yet); `extend` grows the selection. */
  move(move: TextMove, extend: boolean, origin: number): void;
  /** Gives the selection the next label. */
  cycleLabel(): void;
  /** Drops the selection, keeping the caret; false when there was none. */
  clear(): boolean;
}

/**
 * The text cursor of a span example, the selection it makes and the label chosen for it. A label
 * the person picks holds while they adjust that selection; dropping the selection forgets it.
 */
export function useSpanSelection(text: string, gold: readonly GoldSpan[], taskLabels: readonly string[]): SpanSelection {
  const stops = useMemo(() => textStops(text), [text]);
  const choices = useMemo(() => labelChoices(taskLabels, gold), [taskLabels, gold]);
  const [stored, setCursor] = useState<TextCursor | null>(null);
  const [picked, setPicked] = useState<string | null>(null);
  // Memoised on the stored cursor, so a redraw that moved nothing re-marks no text.
  const cursor = useMemo(() => stored && clampCursor(stored, stops), [stored, stops]);
  const selection = useMemo(() => cursor && selectionOf(cursor), [cursor]);
  const caret = useMemo(() => (cursor && !selection ? caretRange(cursor, stops) : null), [cursor, selection, stops]);
  const label = selection && spanLabel(selection, gold, choices, picked);

  const move = (m: TextMove, extend: boolean, origin: number) => {
    const next = moveTextCursor(cursor ?? cursorAt(origin, stops), m, stops, extend);
    if (!selectionOf(next)) setPicked(null);
    setCursor(next);
  };
  const cycleLabel = () => {
    if (selection && choices.length) setPicked(nextOf<string | null>(choices, label?.label ?? null));
  };
  const clear = () => {
    if (!cursor || !selection) return false;
    setCursor(cursorAt(cursor.caret, stops));
    setPicked(null);
    return true;
  };
  return { cursor, selection, caret, label, move, cycleLabel, clear };
}
