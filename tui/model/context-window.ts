/** A piece of text around a highlighted range, cut to fit a width. */
export interface ContextWindow {
  readonly before: string;
  readonly match: string;
  readonly after: string;
  /** Text was cut at the start / at the end. */
  readonly cutStart: boolean;
  readonly cutEnd: boolean;
}

/**
 * The highlighted range `[start, end)` of `text` with as much context on both sides as fits in
 * `width` characters (ellipses included), the match itself cut if even it does not fit.
 * Newlines become spaces so the item stays on one line.
 */
export function contextWindow(text: string, start: number, end: number, width: number): ContextWindow {
  const flat = (s: string) => s.replace(/[\r\n\t]/g, ' ');
  const s = Math.max(0, Math.min(start, text.length));
  const e = Math.max(s, Math.min(end, text.length));
  let match = flat(text.slice(s, e));
  const room = Math.max(0, width - match.length - 2);
  if (match.length > width - 2) match = `${match.slice(0, Math.max(1, width - 3))}…`;
  let left = Math.floor(room / 2);
  let right = room - left;
  const availLeft = s;
  const availRight = text.length - e;
  if (availLeft < left) {
    right += left - availLeft;
    left = availLeft;
  }
  if (availRight < right) {
    left = Math.min(availLeft, left + right - availRight);
    right = availRight;
  }
  const cutStart = s - left > 0;
  const cutEnd = e + right < text.length;
  const before = flat(text.slice(s - left + (cutStart ? 1 : 0), s));
  const after = flat(text.slice(e, e + right - (cutEnd ? 1 : 0)));
  return { before: (cutStart ? '…' : '') + before, match, after: after + (cutEnd ? '…' : ''), cutStart, cutEnd };
}
