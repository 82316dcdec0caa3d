import { inspect } from 'node:util';

const REDACTED = '[redacted]';

/**
 * An API key that cannot leak by accident: `String()`, `JSON.stringify` and `console.log` all
 * print `[redacted]`; only `reveal()` returns the value, and only the SDK constructor calls it.
 */
export class Secret {
  readonly #value: string;
  constructor(value: string) {
    this.#value = value;
  }

  /** The raw value, for the one place that must send it (the HTTP client). */
  reveal(): string {
    return this.#value;
  }

  toString(): string {
    return REDACTED;
  }

  toJSON(): string {
    return REDACTED;
  }

  [inspect.custom](): string {
    return REDACTED;
  }
}

/** Secrets to keep out of a text; unset ones are skipped. */
export type Secrets = readonly (Secret | string | null | undefined)[];

/**
 * Removes every secret from a text: the whole value, and the last 8 characters of a long one,
 * which a server may echo back in a masked form (`Incorrect API key provided: sk-ab***wxyz`).
 */
export function redact(text: string, secrets: Secrets): string {
  let out = text;
  for (const s of secrets) {
    const value = s instanceof Secret ? s.reveal() : s;
    if (!value || value.length < 4) continue;
    out = out.split(value).join(REDACTED);
    // A long key's tail echoed on its own still identifies it (heads are shared prefixes like `sk-proj-`).
    if (value.length >= 16) out = out.split(value.slice(-8)).join(REDACTED);
  }
  return out;
}

/** Shows a URL without any `user:password@` part, for error messages and logs. */
export function displayUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.username || u.password) {
      u.username = '';
      u.password = '';
    }
    return u.toString().replace(/\/$/, '');
  } catch {
    return url;
  }
}
