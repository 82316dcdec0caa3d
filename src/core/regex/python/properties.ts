import { unsupported } from './errors.js';
import { BINARY_ROWS, BLOCK_COLLISIONS, GENERAL_CATEGORY_ROWS, SCRIPT_ROWS } from './property-data.js';

interface Tables {
  gc: Map<string, string>;
  script: Map<string, string>;
  binary: Map<string, string>;
  blocks: Set<string>;
}

let tables: Tables | undefined;

function index(rows: readonly string[]): Map<string, string> {
  const m = new Map<string, string>();
  for (const row of rows) {
    const [js, ...aliases] = row.split(' ') as [string, ...string[]];
    for (const a of aliases) m.set(a, js);
  }
  return m;
}

function load(): Tables {
  tables ??= {
    gc: index(GENERAL_CATEGORY_ROWS),
    script: index(SCRIPT_ROWS),
    binary: index(BINARY_ROWS),
    blocks: new Set(BLOCK_COLLISIONS),
  };
  return tables;
}

/** Python `regex`'s name standardisation: drop spaces, underscores and hyphens; upper-case. */
const standardise = (name: string): string => name.replace(/[ _-]/g, '').toUpperCase();

const TRUE_VALUES = new Set(['YES', 'Y', 'T', 'TRUE']);
const FALSE_VALUES = new Set(['NO', 'N', 'F', 'FALSE']);

/** A property as JavaScript writes it: `\p{js}`, or `\P{js}` when negated. */
export interface JsProperty {
  readonly js: string;
  readonly negated: boolean;
}

const REWRITE =
  'use a general category (\\p{Lu}), a script (\\p{Latin}, \\p{Script_Extensions=Greek}) or a binary property JavaScript supports (\\p{Alphabetic}), or an explicit character range';

/**
 * Resolves the inside of a Python `\p{...}` (`name`, `name=value` or `name:value`, already without
 * a leading `^`) the way Python's `regex` looks it up, to a JavaScript property with the same
 * characters. Throws INVALID_RULE for blocks and properties JavaScript lacks.
 */
export function resolveProperty(text: string, negated: boolean, offset: number): JsProperty {
  const t = load();
  const sep = text.search(/[=:]/);
  const fail = (): never => {
    throw unsupported(`Unicode property \\p{${text}}`, offset, REWRITE);
  };
  if (sep >= 0) {
    const prop = standardise(text.slice(0, sep));
    const value = standardise(text.slice(sep + 1).trim());
    if (prop === 'GC' || prop === 'GENERALCATEGORY') {
      const js = t.gc.get(value);
      return js ? { js, negated } : fail();
    }
    if (prop === 'SC' || prop === 'SCRIPT' || prop === 'SCX' || prop === 'SCRIPTEXTENSIONS') {
      const code = t.script.get(value);
      const key = prop.startsWith('SCX') || prop === 'SCRIPTEXTENSIONS' ? 'Script_Extensions' : 'Script';
      return code ? { js: `${key}=${code}`, negated } : fail();
    }
    const js = t.binary.get(prop);
    if (js && TRUE_VALUES.has(value)) return { js, negated };
    if (js && FALSE_VALUES.has(value)) return { js, negated: !negated };
    return fail();
  }
  const value = standardise(text);
  const gc = t.gc.get(value);
  if (gc) return { js: gc, negated };
  const script = t.script.get(value);
  if (script) return { js: `Script=${script}`, negated };
  if (t.blocks.has(value)) return fail();
  const binary = t.binary.get(value);
  if (binary) return { js: binary, negated };
  if (value.startsWith('IS')) {
    const rest = value.slice(2);
    const b = t.binary.get(rest);
    if (b) return { js: b, negated };
    const s = t.script.get(rest);
    if (s) return { js: `Script=${s}`, negated };
  }
  return fail();
}
