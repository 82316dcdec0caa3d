/**
 * Options every command takes, which users (as with git, kubectl and gh) also write before the
 * command: `rulewright --db x.db rules list`. Commander knows them only on each command, so these
 * are moved after the command words before parsing; commander's own global options cannot be
 * used here because each leaf command defines and validates them itself.
 */
const WITH_VALUE = new Set(['--db', '--dataset', '--matchers']);
const FLAGS = new Set(['--json', '--wide']);

/** Whether `arg` is a global option (`--db`, `--db=x.db`, `--json`, …) and whether it takes the next word as its value. */
function globalOption(arg: string): { takesNext: boolean } | null {
  const name = arg.includes('=') ? arg.slice(0, arg.indexOf('=')) : arg;
  if (WITH_VALUE.has(name)) return { takesNext: !arg.includes('=') };
  if (FLAGS.has(arg)) return { takesNext: false };
  return null;
}

/** Commands with subcommands: a global option between one and its subcommand is moved too. */
const PARENTS = new Set(['examples', 'rules', 'runs', 'corrections', 'feedback', 'task']);

/**
 * `argv` with the global options written before the command words moved to its end (before a
 * `--`, if any): before the command (`--db x.db rules list`) or between a command and its
 * subcommand (`rules --db x.db list`), where commander would look for them on the parent, which
 * has none. Scanning stops at the command's own words, whose options commander reads itself (and
 * where `rules add --json JSON` means the rule's JSON). Everything else keeps its order.
 */
export function hoistGlobalOptions(argv: readonly string[]): string[] {
  const rest: string[] = [];
  const hoisted: string[] = [];
  let i = 0;
  let parent = false;
  for (; i < argv.length; i++) {
    const arg = argv[i]!;
    const g = globalOption(arg);
    if (g) {
      hoisted.push(arg);
      if (g.takesNext && i + 1 < argv.length) hoisted.push(argv[++i]!);
      continue;
    }
    if (arg.startsWith('-')) break;
    rest.push(arg);
    if (parent || !PARENTS.has(arg)) {
      i++;
      break;
    }
    parent = true;
  }
  if (!hoisted.length) return [...argv];
  const tail = argv.slice(i);
  const dashes = tail.indexOf('--');
  return dashes < 0 ? [...rest, ...tail, ...hoisted] : [...rest, ...tail.slice(0, dashes), ...hoisted, ...tail.slice(dashes)];
}

/** The `--db` and `--dataset` values written anywhere in `argv` (the last of each wins, as commander reads them). */
export function whereFromArgv(argv: readonly string[]): { db?: string; dataset?: string } {
  const out: { db?: string; dataset?: string } = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') break;
    for (const key of ['db', 'dataset'] as const) {
      if (a === `--${key}` && i + 1 < argv.length) out[key] = argv[i + 1]!;
      else if (a.startsWith(`--${key}=`)) out[key] = a.slice(key.length + 3);
    }
  }
  return out;
}

/** Top-level help: the options any command takes, before or after it, and the environment. */
export const GLOBAL_HELP = `
Options of every command (before or after the command):
  --db <path>        workspace file (default: $RULEWRIGHT_DB or ./rulewright.db)
  --dataset <name>   dataset to use (default: the only one, else the current one: see \`use\`)
  --json             print one JSON document on stdout instead of tables
  --wide             tables show every column in full (else they fit $COLUMNS or the terminal)
  --matchers <file>  JS module of custom matchers (eval, metrics, rank, prune, learn, report, tui)

Environment:
  RULEWRIGHT_DB      default workspace file
  OPENAI_API_KEY, OPENAI_BASE_URL
                     the LLM learn uses (none: learn learns offline)
  RULEWRIGHT_MODEL   the model (else $OPENAI_MODEL, else gpt-4o-mini)
  NO_COLOR           plain output, no colours
  NO_PROGRESS        no progress bars

Examples:
  rulewright --db work.db import data.jsonl --name support --type classification
  rulewright --db work.db learn --offline
  rulewright eval --split test --json --db work.db
`;
