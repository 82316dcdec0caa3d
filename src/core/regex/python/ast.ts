/** Syntax tree of a Python `regex` pattern, with the flags in force recorded on each node that they change. */

/** Inline flags that change how a node matches (scoped: they end with the enclosing group). */
export interface Flags {
  /** IGNORECASE: simple case folding. */
  readonly i: boolean;
  /** MULTILINE: `^`/`$` at line breaks (`\n` only). */
  readonly m: boolean;
  /** DOTALL: `.` also matches `\n`. */
  readonly s: boolean;
  /** VERBOSE: whitespace and `#` comments outside classes are ignored. */
  readonly x: boolean;
  /** ASCII: `\w`, `\d`, `\s`, `\b` and case folding are ASCII-only. */
  readonly a: boolean;
}

export type Shorthand = 'w' | 'W' | 'd' | 'D' | 's' | 'S';

/** A member of a character set. `prop.js` is a JavaScript `\p{}` body such as `Lu` or `Script=Latn`. */
export type SetItem =
  | { readonly kind: 'char'; readonly cp: number }
  | { readonly kind: 'range'; readonly lo: number; readonly hi: number }
  | { readonly kind: 'shorthand'; readonly name: Shorthand }
  | { readonly kind: 'prop'; readonly negated: boolean; readonly js: string };

export type Node =
  | { readonly type: 'seq'; readonly items: readonly Node[] }
  | { readonly type: 'alt'; readonly alts: readonly Node[] }
  | { readonly type: 'char'; readonly cp: number; readonly ci: boolean; readonly ascii: boolean }
  | {
      readonly type: 'set';
      readonly negated: boolean;
      readonly items: readonly SetItem[];
      readonly ci: boolean;
      readonly ascii: boolean;
      /** Written as a bare escape (`\w`, `\p{L}`) rather than `[...]`: affects case-insensitive properties. */
      readonly bare: boolean;
      readonly offset: number;
    }
  | { readonly type: 'dot'; readonly dotall: boolean }
  | { readonly type: 'anchor'; readonly kind: 'start' | 'end' | 'lineStart' | 'lineEnd' | 'textStart' | 'textEnd' }
  | { readonly type: 'boundary'; readonly kind: 'b' | 'B' | 'm' | 'M'; readonly ascii: boolean }
  | {
      readonly type: 'group';
      /** User group number, or null for a non-capturing or atomic group. */
      readonly capture: number | null;
      readonly name?: string;
      readonly atomic: boolean;
      readonly body: Node;
      readonly offset: number;
    }
  | { readonly type: 'look'; readonly behind: boolean; readonly negated: boolean; readonly body: Node }
  | {
      readonly type: 'repeat';
      readonly min: number;
      readonly max: number;
      readonly greedy: boolean;
      readonly possessive: boolean;
      readonly body: Node;
      readonly offset: number;
    }
  | { readonly type: 'backref'; readonly group: number; readonly ci: boolean; readonly offset: number };

/** A parsed pattern. */
export interface ParsedPattern {
  readonly root: Node;
  readonly groupCount: number;
  /** Group names by user group number (index 0 unused). */
  readonly groupNames: readonly (string | undefined)[];
}
