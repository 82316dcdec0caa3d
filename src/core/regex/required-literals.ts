import { RegExpParser, type AST } from '@eslint-community/regexpp';

/**
 * Strings one of which every match of a regex must contain: a text containing none of them
 * cannot match, so the engine skips the regex there. Literals are ASCII; with `fold` they are
 * lower case and the text is compared lowered.
 */
export interface RequiredLiterals {
  readonly any: readonly string[];
  readonly fold: boolean;
  /**
   * Only sound for ASCII text: under `iu` or `iv`, case folding lets `ſ` match `s` and the Kelvin
   * sign match `k`, which lowering the text does not reproduce.
   */
  readonly asciiOnly: boolean;
}

/** More alternatives than this cost more to test than the regex they would skip. */
const MAX_ALTERNATIVES = 16;

type Req = string[] | null;

/** An ASCII character as a literal (lower case under `fold`); null for any other. */
const literalChar = (value: number, fold: boolean): string | null => {
  if (value >= 0x80) return null;
  const c = String.fromCharCode(value);
  return fold ? c.toLowerCase() : c;
};

/** The better of two requirements: the one whose shortest alternative is longest, then the one with fewer alternatives. */
function better(a: Req, b: Req): Req {
  if (!a) return b;
  if (!b) return a;
  const ma = Math.min(...a.map((s) => s.length));
  const mb = Math.min(...b.map((s) => s.length));
  if (ma !== mb) return ma > mb ? a : b;
  return a.length <= b.length ? a : b;
}

/** Every branch must require something; the union of their alternatives is then required. */
function anyOf(alternatives: readonly AST.Alternative[], fold: boolean): Req {
  const out = new Set<string>();
  for (const alt of alternatives) {
    const r = sequence(alt.elements, fold);
    if (!r) return null;
    for (const s of r) out.add(s);
    if (out.size > MAX_ALTERNATIVES) return null;
  }
  return out.size ? [...out] : null;
}

/**
 * A sequence requires each of its literal runs (adjacent ASCII characters, unquantified) and
 * whatever each of its required elements requires; the strongest one is kept.
 */
function sequence(elements: readonly AST.Element[], fold: boolean): Req {
  let best: Req = null;
  let run = '';
  const flush = () => {
    if (run) best = better(best, [run]);
    run = '';
  };
  for (const el of elements) {
    const c = el.type === 'Character' ? literalChar(el.value, fold) : null;
    if (c !== null) {
      run += c;
      continue;
    }
    flush();
    best = better(best, element(el, fold));
  }
  flush();
  return best;
}

/** What one element requires of any text it matches in (null: nothing known). */
function element(el: AST.Element, fold: boolean): Req {
  switch (el.type) {
    case 'Character': {
      const c = literalChar(el.value, fold);
      return c === null ? null : [c];
    }
    case 'Quantifier':
      return el.min >= 1 ? element(el.element, fold) : null;
    case 'CapturingGroup':
      return anyOf(el.alternatives, fold);
    case 'Group':
      // A modifier group (`(?i:…)`) changes case sensitivity inside: nothing is assumed there.
      return el.modifiers ? null : anyOf(el.alternatives, fold);
    case 'Assertion':
      // A positive lookaround must match somewhere in the text; a negative one, or an edge, requires nothing.
      return (el.kind === 'lookahead' || el.kind === 'lookbehind') && !el.negate ? anyOf(el.alternatives, fold) : null;
    default:
      return null;
  }
}

/**
 * The literals a regex's every match must contain, read from its parsed source (ECMAScript
 * syntax, Annex B included, as V8 compiles it); null when nothing is certain or the source does
 * not parse. Written here because no library derives a sound required-substring set for
 * ECMAScript regexes; the parse is regexpp's (the parser ESLint uses).
 */
export function requiredLiterals(source: string, flags: string): RequiredLiterals | null {
  if (flags.includes('v')) return null;
  let pattern: AST.Pattern;
  try {
    pattern = new RegExpParser({ ecmaVersion: 2025 }).parsePattern(source, 0, source.length, { unicode: flags.includes('u'), unicodeSets: false });
  } catch {
    return null;
  }
  const fold = flags.includes('i');
  const any = anyOf(pattern.alternatives, fold);
  if (!any || any.some((s) => s.length === 0)) return null;
  return { any, fold, asciiOnly: fold && flags.includes('u') };
}

// The engine runs every rule of a document against the same text: one lowered copy serves them all.
let lastText: string | undefined;
let lastLower = '';

/** Whether `text` contains one of the required literals (false: the regex cannot match it). */
export function mayMatch(req: RequiredLiterals, text: string): boolean {
  let hay = text;
  if (req.fold) {
    if (text !== lastText) {
      lastText = text;
      lastLower = text.toLowerCase();
    }
    hay = lastLower;
  }
  for (const s of req.any) if (hay.includes(s)) return true;
  return false;
}
