import { RulewrightError } from '../errors.js';

/*
 * JS-dialect patterns written for Python's `regex` module (what RuleChef runs), matching the same
 * text: JavaScript's `\w`, `\d` and `\b` are ASCII where Python's are Unicode, its `\s` and `.`
 * know other line breaks, and its `$` never matches before a final newline. Each is spelled out.
 */
const WORD = 'A-Za-z0-9_';
const SPACE = '\\t\\n\\x0b\\x0c\\r \\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
const LINE_BREAKS = '\\n\\r\\u2028\\u2029';
const IN_CLASS: Record<string, string> = { w: WORD, d: '0-9', s: SPACE };
const OUTSIDE: Record<string, string> = {
  w: `[${WORD}]`,
  W: `[^${WORD}]`,
  d: '[0-9]',
  D: '[^0-9]',
  s: `[${SPACE}]`,
  S: `[^${SPACE}]`,
  b: `(?:(?<=[${WORD}])(?![${WORD}])|(?<![${WORD}])(?=[${WORD}]))`,
  B: `(?:(?<=[${WORD}])(?=[${WORD}])|(?<![${WORD}])(?![${WORD}]))`,
};
/** Escapes both dialects read the same way. */
const SAME = new Set(['t', 'n', 'r', 'f', 'v', '0']);

const refuse = (pattern: string, what: string): RulewrightError =>
  new RulewrightError(
    'BAD_INPUT',
    `the JS pattern ${JSON.stringify(pattern.length > 80 ? `${pattern.slice(0, 77)}...` : pattern)} uses ${what}, which Python's regex module has no faithful spelling for`,
  );

/**
 * A JS-dialect pattern with its flags (`i`, `m`, `s`, `u`, `x`) as a Python `regex` pattern with
 * inline flags that matches exactly the same spans. Constructs with no faithful Python spelling
 * (`\cX`, `[^]`, a negated shorthand inside a class, XRegExp's `n` flag) are refused with a
 * BAD_INPUT error that names them.
 */
export function jsToPython(pattern: string, flags: string): string {
  const unknown = flags.replace(/[gdimsuxy]/g, '');
  if (unknown) throw refuse(pattern, `the flag${unknown.length > 1 ? 's' : ''} "${unknown}"`);
  const multiline = flags.includes('m');
  const dotAll = flags.includes('s');
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      const n = pattern[i + 1];
      if (n === undefined) throw refuse(pattern, 'a trailing backslash');
      i++;
      if (n === 'k' && pattern[i + 1] === '<') {
        const close = pattern.indexOf('>', i);
        out += `(?P=${pattern.slice(i + 2, close)})`;
        i = close;
      } else if (n === 'c') throw refuse(pattern, 'a control escape \\c');
      else if (n === 'u' && pattern[i + 1] === '{') {
        const close = pattern.indexOf('}', i);
        out += `\\U${pattern.slice(i + 2, close).padStart(8, '0')}`;
        i = close;
      } else if (inClass && (n === 'W' || n === 'D' || n === 'S')) throw refuse(pattern, `\\${n} inside a character class`);
      else if (inClass && IN_CLASS[n]) out += IN_CLASS[n];
      else if (inClass && n === 'b') out += '\\x08';
      else if (!inClass && OUTSIDE[n]) out += OUTSIDE[n];
      else if (/[1-9]/.test(n)) {
        let digits = n;
        while (/[0-9]/.test(pattern[i + 1] ?? '')) digits += pattern[++i];
        out += inClass ? `\\${digits}` : `(?:\\${digits})`;
      } else if (/[A-Za-z]/.test(n) && !SAME.has(n) && !'xupP'.includes(n)) throw refuse(pattern, `the escape \\${n}`);
      else out += `\\${n}`;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      out += c === '[' ? '\\[' : c;
      continue;
    }
    switch (c) {
      case '[':
        if (pattern.startsWith('[^]', i)) throw refuse(pattern, '[^] (any character)');
        if (pattern.startsWith('[]', i)) throw refuse(pattern, '[] (an empty class)');
        // Whitespace or not: any character in both engines, whatever each counts as whitespace.
        if (pattern.startsWith('[\\s\\S]', i) || pattern.startsWith('[\\S\\s]', i)) {
          out += '[\\s\\S]';
          i += 5;
          break;
        }
        inClass = true;
        out += c;
        if (pattern[i + 1] === '^') out += pattern[++i];
        break;
      case '.':
        out += dotAll ? '[\\s\\S]' : `[^${LINE_BREAKS}]`;
        break;
      case '$':
        out += multiline ? `(?=[${LINE_BREAKS}]|\\Z)` : '\\Z';
        break;
      case '^':
        out += multiline ? `(?:(?<![\\s\\S])|(?<=[${LINE_BREAKS}]))` : '^';
        break;
      case '{':
        out += /^\{\d+(,\d*)?\}/.test(pattern.slice(i)) ? c : '\\{';
        break;
      case '(':
        if (pattern.startsWith('(?<', i) && !pattern.startsWith('(?<=', i) && !pattern.startsWith('(?<!', i)) {
          out += '(?P<';
          i += 2;
        } else out += c;
        break;
      default:
        out += c;
    }
  }
  const inline = `${flags.includes('i') ? 'i' : ''}${flags.includes('x') ? 'x' : ''}`;
  return inline ? `(?${inline})${out}` : out;
}
