import { redactSecrets } from './key-shapes.js';
import type { Secrets } from './secret.js';

/**
 * Keys whose value is prose for people to read: a secret in it is replaced by `[redacted]` and
 * the rest kept. In any other string (a pattern, a term, a label, an id) a replacement would
 * change what the rule does, so the answer element holding it is withheld instead.
 */
const PROSE_KEYS: ReadonlySet<string> = new Set(['name', 'description', 'reason']);

/** An answer element withheld because a non-prose field of it held a secret. */
export interface WithheldElement {
  /** Path of the outermost array element, e.g. `['rules', 3]`. */
  path: (string | number)[];
  /** Which fields held one, `field: why`. */
  issues: string;
}

export interface ScrubbedAnswer {
  /** A copy with every secret redacted, in prose and elsewhere alike. */
  value: unknown;
  withheld: WithheldElement[];
}

type Path = (string | number)[];

/**
 * Removes the configured secrets and anything shaped like a credential from every string (and
 * key) of a parsed answer before it is validated, so nothing a model wrote can carry a key into
 * the workspace, an export or a report. Elements whose non-prose fields held one are listed in
 * `withheld` (already redacted) for the caller to drop and report.
 */
export function scrubAnswer(value: unknown, secrets: Secrets = []): ScrubbedAnswer {
  const hits = new Map<string, { path: Path; fields: string[] }>();
  const note = (path: Path, field: string) => {
    const idx = path.findIndex((p) => typeof p === 'number');
    if (idx === -1) return; // outside any element there is nothing to withhold: redacting is all that can be done
    const elementPath = path.slice(0, idx + 1);
    const key = elementPath.join('.');
    const entry = hits.get(key) ?? { path: elementPath, fields: [] };
    entry.fields.push(path.slice(idx + 1).join('.') || field);
    hits.set(key, entry);
  };
  const walk = (node: unknown, path: Path, key: string | undefined): unknown => {
    if (typeof node === 'string') {
      const clean = redactSecrets(node, secrets);
      if (clean !== node && !(key !== undefined && PROSE_KEYS.has(key))) note(path, key ?? '(value)');
      return clean;
    }
    if (Array.isArray(node)) return node.map((v, i) => walk(v, [...path, i], key));
    if (node === null || typeof node !== 'object') return node;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) {
      const cleanKey = redactSecrets(k, secrets);
      if (cleanKey !== k) note([...path, cleanKey], cleanKey);
      out[cleanKey] = walk(v, [...path, cleanKey], k);
    }
    return out;
  };
  const scrubbed = walk(value, [], undefined);
  const withheld = [...hits.values()].map(({ path, fields }) => ({
    path,
    issues: `${[...new Set(fields)].join(', ')} held an API key or a string shaped like one`,
  }));
  return { value: scrubbed, withheld };
}
