/**
 * Error messages echo what the user gave (a pattern, a field, a line). A megabyte of input must
 * not become a megabyte of stderr: each long stretch without spaces keeps its first
 * ECHO_LIMIT characters, and the whole message is held to MESSAGE_LIMIT.
 */
export const ECHO_LIMIT = 200;
export const MESSAGE_LIMIT = 2000;

const LONG_RUN = new RegExp(`\\S{${ECHO_LIMIT + 1},}`, 'g');

const cut = (s: string, n: number): string => `${s.slice(0, n)}… (${s.length - n} more characters)`;

export function clipMessage(message: string): string {
  const clipped = message.replace(LONG_RUN, (run) => cut(run, ECHO_LIMIT));
  return clipped.length > MESSAGE_LIMIT ? cut(clipped, MESSAGE_LIMIT) : clipped;
}
