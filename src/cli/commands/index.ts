import type { Command } from 'commander';
import type { CliContext } from '../context.js';

/** Registers one command (and its subcommands) on the program. */
export type Register = (program: Command, ctx: CliContext) => void;

/** A command module: its top-level command's name and how to load the module that registers it. */
export interface CommandEntry {
  readonly name: string;
  readonly load: () => Promise<{ register: Register }>;
}

/**
 * Every command, in the order `--help` lists them. Add new commands here. Modules load on demand
 * (see `commandsFor`): each pulls in the service, schemas and libraries it needs, which a process
 * running another command, or only `--version`, would otherwise pay for at start-up.
 */
export const COMMANDS: readonly CommandEntry[] = [
  { name: 'init', load: () => import('./init.js') },
  { name: 'import', load: () => import('./import.js') },
  { name: 'export', load: () => import('./export.js') },
  { name: 'split', load: () => import('./split.js') },
  { name: 'datasets', load: () => import('./datasets.js') },
  { name: 'use', load: () => import('./use.js') },
  { name: 'examples', load: () => import('./examples.js') },
  { name: 'stats', load: () => import('./stats.js') },
  { name: 'task', load: () => import('./task.js') },
  { name: 'rules', load: () => import('./rules.js') },
  { name: 'eval', load: () => import('./eval.js') },
  { name: 'runs', load: () => import('./runs.js') },
  { name: 'extract', load: () => import('./extract.js') },
  { name: 'learn', load: () => import('./learn.js') },
  { name: 'correct', load: () => import('./correct.js') },
  { name: 'corrections', load: () => import('./corrections.js') },
  { name: 'suggest', load: () => import('./suggest.js') },
  { name: 'next', load: () => import('./next.js') },
  { name: 'feedback', load: () => import('./feedback.js') },
  { name: 'tui', load: () => import('./tui.js') },
  { name: 'metrics', load: () => import('./metrics.js') },
  { name: 'rank', load: () => import('./rank.js') },
  { name: 'prune', load: () => import('./prune.js') },
  { name: 'undo', load: () => import('./undo.js') },
  { name: 'report', load: () => import('./report.js') },
  { name: 'completion', load: () => import('./completion.js') },
];

/** Options that take a value in any command, so a value is not mistaken for the command's name. */
const VALUE_OPTIONS = new Set(['--db', '--dataset']);
const VERSION_FLAGS = new Set(['-v', '-V', '--version']);

/**
 * The commands a run of `argv` needs registered: the one it names, none for a bare `--version`,
 * else all (help, a typo commander suggests a command for, no command at all), so what commander
 * prints is the same as with every command registered.
 */
export function commandsFor(argv: readonly string[]): readonly CommandEntry[] {
  let name: string | undefined;
  for (let k = 0; k < argv.length; k++) {
    const a = argv[k]!;
    if (a === '--') break;
    if (!a.startsWith('-')) {
      name = a;
      break;
    }
    if (VALUE_OPTIONS.has(a)) k++;
  }
  if (name === undefined) return argv.length > 0 && argv.every((a) => VERSION_FLAGS.has(a)) ? [] : COMMANDS;
  // `__complete`, which the completion scripts call, lives in the completion module.
  const one = COMMANDS.find((c) => c.name === (name === '__complete' ? 'completion' : name));
  return one ? [one] : COMMANDS;
}
