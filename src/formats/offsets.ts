const SURROGATE = /[\uD800-\uDFFF]/;

/** True when `text` holds a UTF-16 surrogate, i.e. code-point and JS string offsets can differ. */
export function hasSurrogates(text: string): boolean {
  return SURROGATE.test(text);
}

/**
 * Converts code-point offsets (what Python tools write) into JS UTF-16 string indices for `text`.
 * Offsets past the last code point stay past the end by the same amount, and negative or
 * non-integer offsets are returned unchanged, so later range checks still reject them.
 */
export function codePointToUtf16Offsets(text: string, offsets: readonly number[]): number[] {
  if (!hasSurrogates(text)) return offsets.slice();
  // index i holds the UTF-16 index where code point i starts; the last entry is text.length
  const starts: number[] = [];
  for (let i = 0; i < text.length; i++) {
    starts.push(i);
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
  }
  const cpLength = starts.length;
  starts.push(text.length);
  return offsets.map((o) => {
    if (!Number.isInteger(o) || o < 0) return o;
    return o <= cpLength ? (starts[o] as number) : text.length + (o - cpLength);
  });
}
