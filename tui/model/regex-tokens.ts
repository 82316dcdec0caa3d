/** Kinds of pieces of a regex source, for syntax highlighting. */
export type RegexTokenKind = 'literal' | 'escape' | 'class' | 'group' | 'quantifier' | 'alternation' | 'anchor' | 'dot';

export interface RegexToken {
  readonly kind: RegexTokenKind;
  readonly text: string;
}

const GROUP_OPEN = /^\((\?(:|=|!|<=|<!|<[A-Za-z_][\w]*>|P<[A-Za-z_][\w]*>|[aimsux-]+\)|[aimsux-]+:|#[^)]*\)))?/;

/**
 * Splits a regex source (JS or Python dialect) into highlightable pieces. It is a lexer for
 * display, not a parser: an unbalanced or invalid pattern still comes back as pieces whose
 * texts join to the source exactly.
 */
export function tokenizeRegex(src: string): RegexToken[] {
  const out: RegexToken[] = [];
  let i = 0;
  const push = (kind: RegexTokenKind, text: string) => {
    const last = out[out.length - 1];
    if (last && last.kind === kind && kind === 'literal') out[out.length - 1] = { kind, text: last.text + text };
    else out.push({ kind, text });
  };
  while (i < src.length) {
    const c = src[i]!;
    if (c === '\\') {
      const m = /^\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|[pP]\{[^}]*\}|N\{[^}]*\}|k<[^>]*>|c[A-Za-z]|\d+|[\s\S])?/.exec(src.slice(i))!;
      push('escape', m[0]);
      i += m[0].length;
    } else if (c === '[') {
      let j = i + 1;
      if (src[j] === '^') j++;
      if (src[j] === ']') j++;
      while (j < src.length && src[j] !== ']') j += src[j] === '\\' ? 2 : 1;
      const end = Math.min(src.length, j + 1);
      push('class', src.slice(i, end));
      i = end;
    } else if (c === '(') {
      const m = GROUP_OPEN.exec(src.slice(i))!;
      push('group', m[0]);
      i += m[0].length;
    } else if (c === ')') {
      push('group', c);
      i++;
    } else if (c === '*' || c === '+' || c === '?' || c === '{') {
      const m = /^(\*|\+|\?|\{\d+(,\d*)?\})[?+]?/.exec(src.slice(i));
      if (m) {
        push('quantifier', m[0]);
        i += m[0].length;
      } else {
        push('literal', c);
        i++;
      }
    } else if (c === '|') {
      push('alternation', c);
      i++;
    } else if (c === '^' || c === '$') {
      push('anchor', c);
      i++;
    } else if (c === '.') {
      push('dot', c);
      i++;
    } else {
      push('literal', c);
      i++;
    }
  }
  return out;
}
