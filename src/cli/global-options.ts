/**
 * Options every command takes, which users (as with git, kubectl and gh) also write before the
 * command: `rulewright --db x.db rules list`. Commander knows them only on each command, so these
 * are moved after the command words before parsing; commander's own global options cannot be
 * used here because each leaf command defines and validates them itself.
 */
const WITH_VALUE = new Set(['--db', '--dataset', '--matchers']);
const FLAGS = new Set(['--json']);

/** Whether `arg` is a global option (`--db`, `--db=x.db`, `--json`, …) and whether it takes the next word as its value. */
function globalOption(arg: string): { takesNext: boolean } | null {
  const name = arg.includes('=') ? arg.slice(0, arg.indexOf('=')) : arg;
  if (WITH_VALUE.has(name)) return { takesNext: !arg.includes('=') };
  if (FLAGS.has(arg)) return { takesNext: false };
  return null;
}

/**
 * `argv` with the global options written before the command moved to its end (before a `--`,
 * if any), so the command's own parser reads them. Everything else keeps its order; options after
 * the command are left where they are.
 */
export function hoistGlobalOptions(argv: readonly string[]): string[] {
  const hoisted: string[] = [];
  let i = 0;
  while (i < argv.length) {
    const g = globalOption(argv[i]!);
    if (!g) break;
    hoisted.push(argv[i]!);
    if (g.takesNext && i + 1 < argv.length) hoisted.push(argv[i + 1]!);
    i += g.takesNext ? 2 : 1;
  }
  if (!hoisted.length) return [...argv];
  const rest = argv.slice(i);
  const dashes = rest.indexOf('--');
  return dashes < 0 ? [...rest, ...hoisted] : [...rest.slice(0, dashes), ...hoisted, ...rest.slice(dashes)];
}

/** Top-level help: the options any command takes, before or after it, and the environment. */
export const GLOBAL_HELP = `
Options of every command (before or after the command):
  --db <path>        workspace file (default: $RULEWRIGHT_DB or ./rulewright.db)
  --dataset <name>   dataset to use (optional when the workspace has one)
  --json             print one JSON document on stdout instead of tables

Environment:
  RULEWRIGHT_DB      default workspace file
  OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL
                     the LLM learn uses (none: learn learns offline)
  NO_COLOR           plain output, no colours
  NO_PROGRESS        no progress bars

Examples:
  rulewright --db work.db import data.jsonl --name support --type classification
  rulewright --db work.db learn --offline
  rulewright eval --split test --json --db work.db
`;
