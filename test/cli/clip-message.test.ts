import { expect, test } from 'vitest';
import { clipMessage, ECHO_LIMIT, MESSAGE_LIMIT } from '../../src/cli/clip-message.js';

test.each([
  ['a short message', 'no rule "x": check the id', 'no rule "x": check the id'],
  ['a run of exactly the limit', `p ${'a'.repeat(ECHO_LIMIT)} q`, `p ${'a'.repeat(ECHO_LIMIT)} q`],
  ['a 1 MB pattern', `pattern /${'a'.repeat(1_000_000)}/ does not compile: fix it`, `pattern /${'a'.repeat(ECHO_LIMIT - 1)}… (999802 more characters) does not compile: fix it`],
  ['two long runs', `${'x'.repeat(300)} and ${'y'.repeat(300)}`, `${'x'.repeat(ECHO_LIMIT)}… (100 more characters) and ${'y'.repeat(ECHO_LIMIT)}… (100 more characters)`],
])('%s is echoed by at most its first 200 characters', (_what, message, clipped) => {
  expect(clipMessage(message)).toBe(clipped);
});

test('many short words are held to the message limit', () => {
  const out = clipMessage('word '.repeat(10_000));
  expect(out.length).toBeLessThan(MESSAGE_LIMIT + 40);
  expect(out).toMatch(/… \(\d+ more characters\)$/);
});
