import { inspect } from 'node:util';
import { describe, expect, test } from 'vitest';
import { Secret, displayUrl, redact } from '../../../src/learn/llm/secret.js';

describe('Secret', () => {
  test('never prints its value', () => {
    const s = new Secret('sk-abcdefghijklmnop');
    for (const shown of [String(s), `${s}`, JSON.stringify({ s }), inspect(s), inspect({ s })]) {
      expect(shown).not.toContain('abcdefgh');
    }
    expect(s.reveal()).toBe('sk-abcdefghijklmnop');
  });
});

describe('redact', () => {
  test.each([
    ['the whole key', 'key sk-abcdefghijklmnop used', 'key [redacted] used'],
    ['a masked echo of its tail', 'Incorrect API key provided: sk-ab****ijklmnop.', 'Incorrect API key provided: sk-ab****[redacted].'],
    ['nothing else', 'no key here', 'no key here'],
  ])('removes %s', (_, text, expected) => {
    expect(redact(text, [new Secret('sk-abcdefghijklmnop'), null])).toBe(expected);
  });
});

describe('displayUrl', () => {
  test.each([
    ['https://u:p@host/v1', 'https://host/v1'],
    ['http://127.0.0.1:8080/v1/', 'http://127.0.0.1:8080/v1'],
    ['not a url', 'not a url'],
  ])('%s → %s', (url, expected) => {
    expect(displayUrl(url)).toBe(expected);
  });
});
