import type { Flags } from './ast.js';

/** Characters Python's `regex` skips in VERBOSE mode (those for which `str.isspace()` is true). */
const VERBOSE_SPACE = new Set([
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002,
  0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
]);

/** A position in a pattern read by code point, with the flags in force at that point. */
export class Cursor {
  pos = 0;

  constructor(
    readonly src: string,
    public flags: Flags,
  ) {}

  get atEnd(): boolean {
    return this.pos >= this.src.length;
  }

  /** The code point at `pos + ahead` code units, or -1 past the end. */
  peek(ahead = 0): number {
    const i = this.pos + ahead;
    return i < this.src.length ? this.src.codePointAt(i)! : -1;
  }

  peekChar(ahead = 0): string {
    return this.src[this.pos + ahead] ?? '';
  }

  next(): number {
    const cp = this.src.codePointAt(this.pos);
    if (cp === undefined) return -1;
    this.pos += cp > 0xffff ? 2 : 1;
    return cp;
  }

  eat(s: string): boolean {
    if (this.src.startsWith(s, this.pos)) {
      this.pos += s.length;
      return true;
    }
    return false;
  }

  lookingAt(s: string): boolean {
    return this.src.startsWith(s, this.pos);
  }

  /** Skips `(?#...)` comments, and in VERBOSE mode whitespace and `#` line comments. */
  skipIgnorable(): void {
    for (;;) {
      if (this.flags.x) {
        const cp = this.peek();
        if (VERBOSE_SPACE.has(cp)) {
          this.pos++;
          continue;
        }
        if (cp === 0x23) {
          const nl = this.src.indexOf('\n', this.pos);
          this.pos = nl < 0 ? this.src.length : nl + 1;
          continue;
        }
      }
      if (this.lookingAt('(?#')) {
        const close = this.src.indexOf(')', this.pos);
        if (close < 0) return; // the caller reports the missing ')'
        this.pos = close + 1;
        continue;
      }
      return;
    }
  }

  /** Reads a run of characters matching `re` (one character at a time). */
  readWhile(re: RegExp, max = Infinity): string {
    let out = '';
    while (out.length < max && !this.atEnd && re.test(this.peekChar())) out += this.src[this.pos++];
    return out;
  }
}

/** Whether Python's VERBOSE mode skips this code point. */
export function isVerboseSpace(cp: number): boolean {
  return VERBOSE_SPACE.has(cp);
}
