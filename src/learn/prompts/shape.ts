/**
 * Shape generalization of span texts, so a prompt can say "these are all `99/99/9999`" instead of
 * listing every date: upper-case letters become `A`, lower-case `a`, digits `9`, whitespace a
 * space, and everything else stays as written.
 */

function charClass(ch: string): string {
  if (/\p{Nd}/u.test(ch)) return '9';
  if (/\p{Lu}|\p{Lt}/u.test(ch)) return 'A';
  if (/\p{L}/u.test(ch)) return 'a';
  if (/\s/u.test(ch)) return ' ';
  return ch;
}

/** The exact shape: one class character per input character (`Jan 3, 2021` → `Aaa 9, 9999`). */
export function exactShape(text: string): string {
  let out = '';
  for (const ch of text) out += charClass(ch);
  return out;
}

/**
 * The compressed shape: runs of one class collapse to the class with `+` (`Jan 3, 2021` →
 * `Aa+ 9, 9+`); a run of length one stays bare, so single characters remain visible.
 */
export function compressedShape(text: string): string {
  let out = '';
  let prev = '';
  let run = 0;
  const flush = () => {
    if (run === 0) return;
    out += prev === ' ' ? ' ' : run > 1 && /[A9a]/.test(prev) ? `${prev}+` : prev.repeat(prev === ' ' ? 1 : run);
  };
  for (const ch of text) {
    const c = charClass(ch);
    if (c === prev) {
      run++;
      continue;
    }
    flush();
    prev = c;
    run = 1;
  }
  flush();
  return out;
}
