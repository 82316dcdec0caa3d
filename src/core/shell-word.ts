/** A word as a POSIX shell reads it back: bare when safe, else single-quoted. */
export function shellWord(s: string): string {
  return /^[\w.@%+=:,/-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}
