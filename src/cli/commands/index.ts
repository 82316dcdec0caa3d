import type { Command } from 'commander';
import type { CliContext } from '../context.js';
import { register as correct } from './correct.js';
import { register as corrections } from './corrections.js';
import { register as datasets } from './datasets.js';
import { register as examples } from './examples.js';
import { register as exportCmd } from './export.js';
import { register as feedback } from './feedback.js';
import { register as importCmd } from './import.js';
import { register as init } from './init.js';
import { register as learn } from './learn.js';
import { register as metrics } from './metrics.js';
import { register as prune } from './prune.js';
import { register as rank } from './rank.js';
import { register as report } from './report.js';
import { register as undo } from './undo.js';
import { register as split } from './split.js';
import { register as stats } from './stats.js';
import { register as evalCmd } from './eval.js';
import { register as extract } from './extract.js';
import { register as rules } from './rules.js';
import { register as runs } from './runs.js';
import { register as task } from './task.js';
import { register as tui } from './tui.js';

/** Registers one command (and its subcommands) on the program. */
export type Register = (program: Command, ctx: CliContext) => void;

/** Every command, in the order `--help` lists them. Add new commands here. */
export const COMMANDS: readonly Register[] = [init, importCmd, exportCmd, split, datasets, examples, stats, task, rules, evalCmd, runs, extract, learn, correct, corrections, feedback, tui, metrics, rank, prune, undo, report];
