import { redact, type Secrets } from './secret.js';

const REDACTED = '[redacted]';

/**
 * Credentials by their published shapes. A model's answer can hold a key it never should have
 * seen (an endpoint or proxy that echoes the request's headers, a key pasted into a prompt), and
 * not only the configured one. Each shape needs a prefix or a separator a regex has no reason to
 * contain, so learned patterns such as `\bsk-\d+` or `[A-Z]{2}\d{6}` are left alone.
 */
const KEY_SHAPES: readonly RegExp[] = [
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g,
  /\bBearer\s+[A-Za-z0-9._~+/-]{8,}=*/gi,
  // OpenAI (sk-, sk-proj-), Anthropic (sk-ant-), OpenRouter (sk-or-v1-), DeepSeek and the like.
  /\bsk-[A-Za-z0-9_-]{16,}/g,
  /\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}/g,
  /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,})/g,
  /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g,
  /\bAIza[0-9A-Za-z_-]{35}/g,
  /\bxox[abposr]-[A-Za-z0-9-]{10,}/g,
  /\b(?:hf|gsk|pplx|r8)_[A-Za-z0-9]{20,}/g,
  // A JSON Web Token: three base64url parts, the first two JSON objects (`eyJ` is `{"`).
  /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
];

/** A run of token characters long enough to be a generated secret. */
const LONG_TOKEN = /(?<![A-Za-z0-9_+/=-])[A-Za-z0-9_+/=-]{32,}(?![A-Za-z0-9_+/=-])/g;

/** Bits per character of a token's own character distribution. */
function entropy(s: string): number {
  const counts = new Map<string, number>();
  for (const c of s) counts.set(c, (counts.get(c) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) h -= (n / s.length) * Math.log2(n / s.length);
  return h;
}

/**
 * Whether a long token looks generated rather than written: upper and lower case and digits
 * mixed, and close to random (a random base62 token of 32 characters scores about 4.6 bits a
 * character; words, identifiers and hex digests score lower or lack a class).
 */
function looksGenerated(token: string): boolean {
  return /[a-z]/.test(token) && /[A-Z]/.test(token) && /\d/.test(token) && entropy(token) >= 4.2;
}

/** Replaces every credential-shaped part of a text (see KEY_SHAPES and LONG_TOKEN) with `[redacted]`. */
export function redactKeyShapes(text: string): string {
  let out = text;
  for (const shape of KEY_SHAPES) out = out.replace(shape, REDACTED);
  return out.replace(LONG_TOKEN, (t) => (looksGenerated(t) ? REDACTED : t));
}

/** Removes the given secrets (see `redact`), then anything else shaped like a credential. */
export function redactSecrets(text: string, secrets: Secrets = []): string {
  return redactKeyShapes(redact(text, secrets));
}
