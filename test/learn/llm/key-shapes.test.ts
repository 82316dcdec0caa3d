import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { redactKeyShapes, redactSecrets } from '../../../src/learn/llm/key-shapes.js';
import { parseAnswer } from '../../../src/learn/llm/parse-answer.js';
import { Secret } from '../../../src/learn/llm/secret.js';

// Built from parts so no scanner takes this file for a leaked credential.
const rand = 'Q7vX2mK9pL4wR8tY1nB6cZ3dF5gH0jS';
const SHAPED = [
  ['an OpenAI key', `sk-${rand}`],
  ['an OpenAI project key', `sk-proj-${rand}`],
  ['an Anthropic key', `sk-ant-api03-${rand}`],
  ['a bearer token', `Bearer abc.def-${rand.slice(0, 12)}`],
  ['a Stripe key', `sk_live_${rand}`],
  ['a GitHub token', `ghp_${rand}${rand.slice(0, 6)}`],
  ['an AWS access key id', `AKIA${'ABCDEFGHIJ234567'}`],
  ['a Google API key', `AIza${rand}${rand.slice(0, 4)}`],
  ['a Slack token', `xoxb-1234567890-${rand}`],
  ['a Hugging Face token', `hf_${rand}`],
  ['a JSON Web Token', `eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.${rand}`],
  ['a long generated token', `${rand}${rand.slice(0, 8)}`],
] as const;

const KEPT = [
  ['a word pattern', '\\b(refund|money back)\\b'],
  ['a pattern naming sk- literally', '\\bsk-\\d{3}\\b'],
  ['a character-class token', '[A-Za-z0-9_-]{32,}'],
  ['a long identifier', 'InternationalBusinessMachinesCorporation'],
  ['a hex digest', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
  ['prose with a task- word', 'risk-assessment and desk-booking rules for the task-force'],
] as const;

describe('redactKeyShapes', () => {
  test.each(SHAPED)('redacts %s', (_what, key) => {
    expect(redactKeyShapes(`name: found ${key} here`)).toBe('name: found [redacted] here');
  });

  test.each(KEPT)('leaves %s alone', (_what, text) => {
    expect(redactKeyShapes(text)).toBe(text);
  });

  test('the configured key is redacted whatever its shape, and its tail on its own', () => {
    const key = new Secret('gateway.secret.label-7q');
    expect(redactSecrets('a gateway.secret.label-7q b …label-7q c', [key])).toBe('a [redacted] b …[redacted] c');
  });
});

describe('parseAnswer with secrets', () => {
  const Rule = z.strictObject({ name: z.string(), description: z.string(), pattern: z.string(), terms: z.array(z.string()) });
  const Answer = z.strictObject({ rules: z.array(Rule), note: z.string() });
  const key = `sk-proj-${rand}`;
  const answerRule = (over: Partial<z.infer<typeof Rule>>) => ({ name: 'r', description: 'd', pattern: 'x', terms: [], ...over });

  test('redacts prose, withholds an element whose pattern or terms hold a key, and keeps no key anywhere', () => {
    const text = JSON.stringify({
      rules: [answerRule({ name: `refund ${key}`, description: `Bearer ${key}` }), answerRule({ pattern: `x|${key}` }), answerRule({ terms: ['a', key] })],
      note: `told ${key}`,
    });
    const r = parseAnswer(text, Answer, [new Secret(key)]);
    expect(r.parsed).toEqual({ rules: [answerRule({ name: 'refund [redacted]', description: 'Bearer [redacted]' })], note: 'told [redacted]' });
    expect(r.invalid.map((i) => [i.path, i.issues, i.secret])).toEqual([
      ['rules.2', 'terms.1 held an API key or a string shaped like one', true],
      ['rules.1', 'pattern held an API key or a string shaped like one', true],
    ]);
    expect(JSON.stringify(r)).not.toContain(key);
    expect(JSON.stringify(r)).not.toContain(key.slice(-8));
  });

  test('a key in an object key is withheld with its element', () => {
    const r = parseAnswer(JSON.stringify({ rules: [{ ...answerRule({}), [key]: 1 }], note: '' }), Answer);
    expect(r.parsed).toEqual({ rules: [], note: '' });
    expect(JSON.stringify(r)).not.toContain(key);
  });
});
