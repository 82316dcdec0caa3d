import type { Node, SetItem } from './ast.js';
import { classLiteral, literal } from './chars.js';
import { visit } from './walk.js';

/**
 * The screening proxy of a parsed pattern: a short JavaScript pattern with the same backtracking
 * structure as the faithful translation, written the way a person reads it: `\b` stays `\b`
 * (zero-width), `\w`, `\d`, `\s` and properties stay shorthands, case-insensitivity is the `i`
 * flag instead of per-character classes (scoped `(?i:...)` where only part of the pattern
 * ignores case), atomic groups and possessive quantifiers are plain. It is a readable name for
 * the structure the ReDoS screen analyses, and the key its verdicts are cached by; it is not
 * what runs.
 */
export interface ScreenProxy {
  readonly source: string;
  readonly flags: string;
}

/** Emits the screening proxy of a pattern's syntax tree. */
export function emitScreenProxy(root: Node): ScreenProxy {
  const ci = caseUse(root);
  const uniform = ci !== 'mixed';
  const emit = (n: Node): string => {
    switch (n.type) {
      case 'seq':
        return n.items.map(emit).join('');
      case 'alt':
        return n.alts.map(emit).join('|');
      case 'char':
        return scoped(literal(n.cp), n.ci);
      case 'set':
        return scoped(set(n), n.ci);
      case 'dot':
        return n.dotall ? '[^]' : '.';
      case 'anchor':
        return { start: '^', textStart: '^', end: '$', textEnd: '$', lineStart: '(?:^|(?<=\\n))', lineEnd: '(?=\\n|$)' }[n.kind];
      case 'boundary':
        return { b: '\\b', B: '\\B', m: '\\b(?=\\w)', M: '\\b(?<=\\w)' }[n.kind];
      case 'group':
        return n.capture === null ? `(?:${emit(n.body)})` : `(${emit(n.body)})`;
      case 'look':
        return `(?${n.behind ? '<' : ''}${n.negated ? '!' : '='}${emit(n.body)})`;
      case 'repeat': {
        const { min, max } = n;
        const q =
          min === 0 && max === Infinity ? '*' : min === 1 && max === Infinity ? '+' : min === 0 && max === 1 ? '?' : min === max ? `{${min}}` : max === Infinity ? `{${min},}` : `{${min},${max}}`;
        const body = emit(n.body);
        const atom = n.body.type === 'char' || n.body.type === 'set' || n.body.type === 'dot' || n.body.type === 'group' || n.body.type === 'backref';
        return `${atom ? body : `(?:${body})`}${q}${n.greedy ? '' : '?'}`;
      }
      case 'backref':
        return `\\${n.group}`;
    }
  };
  const scoped = (src: string, nodeCi: boolean): string => (uniform || !nodeCi ? src : `(?i:${src})`);
  return { source: emit(root), flags: ci === 'all' ? 'iu' : 'u' };
}

function set(n: Extract<Node, { type: 'set' }>): string {
  const only = n.items.length === 1 ? n.items[0]! : undefined;
  if (!n.negated && (only?.kind === 'shorthand' || only?.kind === 'prop')) return item(only);
  return `[${n.negated ? '^' : ''}${n.items.map(item).join('')}]`;
}

function item(i: SetItem): string {
  switch (i.kind) {
    case 'char':
      return classLiteral(i.cp);
    case 'range':
      return `${classLiteral(i.lo)}-${classLiteral(i.hi)}`;
    case 'shorthand':
      return `\\${i.name}`;
    case 'prop':
      return `\\${i.negated ? 'P' : 'p'}{${i.js}}`;
  }
}

/** Whether the pattern's consuming nodes all ignore case, none do, or some do. */
function caseUse(root: Node): 'all' | 'none' | 'mixed' {
  let on = false;
  let off = false;
  visit(root, (n) => {
    if (n.type !== 'char' && n.type !== 'set') return;
    if (n.ci) on = true;
    else off = true;
  });
  return on && off ? 'mixed' : on ? 'all' : 'none';
}
