import { escapeRegex } from '../text.js';
import type { Candidate } from '../types.js';
import type { WindowRule } from './select-windows.js';
import { BOS, BREAK, EOS, SPACED, templateParts } from './codes.js';
import { LETTER_SHAPES } from './tokens.js';

// Shape classes are ASCII on purpose: Unicode property classes inside lookarounds make the ReDoS
// screen 20-100x slower (seconds a rule). Words with other letters stay literal rules.
const UNI_EDGE_L = '(?<![\\p{L}\\p{N}])';
const UNI_EDGE_R = '(?![\\p{L}\\p{N}])';
const NON_ASCII = /[^\0-\x7f]/;

/** The word-edge assertion next to a code: `\b` for ASCII, a Unicode lookaround (needs `u`) otherwise. */
function edge(code: string, where: 'left' | 'right'): string {
  const lit = code.startsWith('w:') ? code.slice(2) : '';
  const ch = where === 'left' ? lit[0] : lit[lit.length - 1];
  if (ch && NON_ASCII.test(ch)) return where === 'left' ? UNI_EDGE_L : UNI_EDGE_R;
  return '\\b';
}

/**
 * A word as written in lower case, with a capital first letter, or in capitals (`[Uu]nder|UNDER`):
 * the window index folds case, so a template counted on "7:30 PM" and "IN 3 DAYS" must match them.
 */
function wordSource(w: string): string {
  const first = w[0]!;
  const up = first.toUpperCase();
  const head = up !== first ? `[${up}${first}]` : escapeRegex(first);
  const rest = w.slice(1);
  const upper = w.toUpperCase();
  return rest && upper !== up + rest ? `(?:${head}${escapeRegex(rest)}|${escapeRegex(upper)})` : head + escapeRegex(rest);
}

const caseless = (s: string): string => [...s].map((ch) => (ch.toUpperCase() !== ch ? `[${ch.toUpperCase()}${ch}]` : escapeRegex(ch))).join('');

/** The regex of one token code (see tokens.ts). */
export function codeSource(code: string): string {
  if (code.startsWith('w:')) return wordSource(code.slice(2));
  switch (code) {
    case 'Xx':
      return '[A-Z][a-z]+';
    case 'X':
      return '[A-Z]+';
    case 'Xmix':
      return '[A-Z][A-Za-z]+';
    case 'x':
      return '[a-z]+';
    case 'xmix':
      return '[a-z][A-Za-z]+';
    case 'mix':
      return '[A-Za-z0-9]+';
    case 'd5':
      return '\\d{5,}';
    case 'd':
      return '\\d+';
    case 'd+a':
      return '\\d+[A-Za-z]{1,4}';
  }
  const d = /^d([1-4])$/.exec(code);
  if (d) return `\\d{${d[1]}}`;
  const ds = /^d\+(.+)$/.exec(code);
  if (ds) return `\\d+${caseless(ds[1]!)}`;
  return escapeRegex(code);
}

/** A word, a shape of letters or a number (not punctuation): word edges go beside it. */
const isWordCode = (code: string): boolean => code.startsWith('w:') || code.startsWith('d') || LETTER_SHAPES.has(code);

/** The word edges a run of token codes starts and ends with (none beside punctuation). */
const startEdge = (codes: readonly string[]): string => (isWordCode(codes[0]!) ? edge(codes[0]!, 'left') : '');
const endEdge = (codes: readonly string[]): string => (isWordCode(codes[codes.length - 1]!) ? edge(codes[codes.length - 1]!, 'right') : '');

const sepSource = (s: string | undefined): string => (s === SPACED ? '\\s+' : '');

/**
 * The regex of a run of token codes; a continuation starts with the separator code that joins it
 * to the template and ends with its own word edge.
 */
function tokensSource(template: string, continuation = false): string {
  const { codes, seps } = templateParts(continuation ? template.slice(1) : template);
  const run = codes.map(codeSource).reduce((acc, src, i) => (i === 0 ? src : acc + sepSource(seps[i - 1]) + src), '');
  return continuation ? sepSource(template[0]) + run + endEdge(codes) : run;
}

/** Continuations as one group with the template's own edge as the last choice (`(?:\\s+pm\\b|\\b)`). */
function optionalSource(alts: readonly string[], ownEdge: string): string {
  if (!alts.length) return ownEdge;
  return ownEdge ? `(?:${alts.join('|')}|${ownEdge})` : `(?:${alts.join('|')})?`;
}

/** A side code (`w:under ` or `,\u0002`) as the regex of that token plus its separator. */
function side(code: string, where: 'left' | 'right'): string {
  if (code === BOS) return '(?<=^\\s{0,3})';
  // Only closing punctuation may follow the span at the end of the text ("For 2." / "13!").
  if (code === EOS) return '(?=\\s{0,3}[.!?]{0,3}\\s{0,3}$)';
  if (code === BREAK) return '(?=$|\\s|[.,!?;](?:\\s|$))';
  const sep = code.endsWith(SPACED) ? '\\s{1,3}' : '';
  const { codes, seps } = templateParts(code.slice(0, -1));
  const body = codes.map(codeSource).reduce((acc, src, i) => (i === 0 ? src : acc + (seps[i - 1] === SPACED ? '\\s{1,3}' : '') + src), '');
  const first = codes[0]!;
  const last = codes[codes.length - 1]!;
  if (where === 'left') return `(?<=${isWordCode(first) ? edge(first, 'left') : ''}${body}${sep})`;
  return `(?=${sep}${body}${isWordCode(last) ? edge(last, 'right') : ''})`;
}

const show = (code: string): string =>
  templateParts(code)
    .codes.map((c) => (c.startsWith('w:') ? c.slice(2) : c))
    .join(' ');

/** How a rule's name says its context: `after "under"`, `at the start`. */
function sideName(code: string, where: 'after' | 'before'): string {
  if (code === BOS) return 'at the start';
  if (code === EOS) return 'at the end';
  if (code === BREAK) return 'before a break';
  return `${where} "${show(code.slice(0, -1))}"`;
}

/**
 * The words a capitalised first token must not be, written in the token's shape (`On`, `ON`; any
 * case for a mixed one), as a lookahead before it.
 */
function exceptSource(words: readonly string[] | undefined, first: string): string {
  if (!words?.length) return '';
  const form = (w: string): string => (first === 'X' ? escapeRegex(w.toUpperCase()) : first === 'Xx' ? escapeRegex(w[0]!.toUpperCase() + w.slice(1)) : caseless(w));
  return `(?!(?:${words.map(form).join('|')})\\b)`;
}

/** How a rule says its exceptions: `unless On | The | Is (+9)` in its name, every word in its description. */
function exceptName(words: readonly string[] | undefined, most = Infinity): string {
  if (!words?.length) return '';
  const shown = words.slice(0, most).map((w) => w[0]!.toUpperCase() + w.slice(1));
  return `unless ${shown.join(' | ')}${words.length > most ? ` (+${words.length - most})` : ''}`;
}

/** A span rule: the template's tokens, word edges where needed, and its context as lookarounds. */
export function renderWindow(r: WindowRule): Candidate {
  const { codes } = templateParts(r.pattern.template);
  const optional = r.pattern.optional ?? [];
  const body = startEdge(codes) + exceptSource(r.pattern.except, codes[0]!) + tokensSource(r.pattern.template) + optionalSource(optional.map((o) => tokensSource(o, true)), endEdge(codes));
  const left = r.pattern.left ? side(r.pattern.left, 'left') : '';
  const right = r.pattern.right ? side(r.pattern.right, 'right') : '';
  const shown = codes.map(show).join(' ') + (optional.length ? ` [${optional.map((o) => templateParts(o.slice(1)).codes.map(show).join(' ')).join(' | ')}]` : '');
  const when = r.pattern.when;
  const sides = [r.pattern.left ? sideName(r.pattern.left, 'after') : '', r.pattern.right ? sideName(r.pattern.right, 'before') : '', when ? `when ${when.key} = ${String(when.value)}` : ''];
  const context = (most?: number) => [...sides, exceptName(r.pattern.except, most)].filter(Boolean).join(', ');
  const ctx = context(3);
  return {
    ...(when ? { when: { meta: { [when.key]: when.value } } } : {}),
    kind: r.pattern.left || r.pattern.right ? 'window_context' : 'window',
    label: r.label,
    format: 'regex',
    pattern: `${left}${body}${right}`,
    flags: NON_ASCII.test(r.pattern.template + (r.pattern.left ?? '') + (r.pattern.right ?? '')) ? 'u' : '',
    group: '$0',
    name: `${r.label} <- ${shown}${ctx ? ` ${ctx}` : ''}`,
    description: `tokens ${shown}${ctx ? ` ${context()}` : ''}: ${r.tp} of the ${r.n} train spans it added are ${r.label}`,
    specificity: codes.length + (left ? 1 : 0) + (right ? 1 : 0),
    support: r.tp,
    precision: r.n ? r.tp / r.n : 0,
  };
}
