import { shellWord } from '../core/shell-word.js';

/** A flag's value in a hint: `true` is the bare flag; absent and `false` leave it out. */
type FlagValue = string | number | boolean | undefined | null;

/**
 * A `rulewright …` command to paste: `words`, then each flag that has a value, in the order
 * given, so a hint repeats the options (workspace, dataset, split, …) of the run that printed it.
 */
export function commandHint(words: readonly string[], flags: Readonly<Record<string, FlagValue>>): string {
  const parts = ['rulewright', ...words];
  for (const [flag, v] of Object.entries(flags)) {
    if (v === undefined || v === null || v === false) continue;
    parts.push(flag);
    if (v !== true) parts.push(shellWord(String(v)));
  }
  return parts.join(' ');
}

/** The workspace and dataset a command was given explicitly (what a pasted hint must repeat). */
export interface Where {
  db?: string | undefined;
  dataset?: string | undefined;
}

const QUOTED_HINT = /`(rulewright [^`]*)`/g;

/**
 * A message whose quoted commands (`` `rulewright …` ``) also name the workspace and dataset this
 * run was given, where they do not already: hints come from every layer, and only the CLI knows
 * which `--db` and `--dataset` the user typed, so a hint pasted as it is runs on the same data.
 */
export function pasteable(message: string, where: Where): string {
  if (!where.db && !where.dataset) return message;
  return message.replace(QUOTED_HINT, (_m, cmd: string) => {
    let out = cmd;
    if (where.db && !/\s--db[\s=]/.test(`${out} `)) out += ` --db ${shellWord(where.db)}`;
    if (where.dataset && !/\s--dataset[\s=]/.test(`${out} `) && !/^rulewright (init|import|datasets|use)\b/.test(cmd)) out += ` --dataset ${shellWord(where.dataset)}`;
    return `\`${out}\``;
  });
}

/** The options that pick the workspace and dataset, as a hint repeats them. */
export function whereFlags(opts: { db?: string | undefined; dataset?: string | undefined }): Record<string, FlagValue> {
  return { '--db': opts.db, '--dataset': opts.dataset };
}
