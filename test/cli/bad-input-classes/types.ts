/** One class of bad input in the bad-input table (`test/cli/bad-input.test.ts`). */

export type Files = Record<string, string | Buffer>;

export interface BadInput {
  /** What the user got wrong. */
  what: string;
  files?: Files;
  args: string[];
  code: 1 | 2;
  fragment: string | RegExp;
  /** Arguments of the command with the hint applied, which must exit 0. */
  fix?: string[];
  /** Run the hint in backticks of the message (a shell command), then this, which must exit 0. */
  pasteThen?: string[];
  /**
   * Run through the real binary too, as a user's shell does; the rest run in-process, which is the
   * same `main` without a process start per class (a megabyte argument never goes to a binary: it
   * is more than a real process may be given).
   */
  bin?: boolean;
}

