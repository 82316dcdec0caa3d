/**
 * `completion bash|zsh|fish` prints a script that completes commands, options, dataset names,
 * rule ids and files; the script asks `rulewright __complete WORDS...` (hidden) for the candidates, so they
 * follow the commands as registered and the workspace as it is now.
 */
import { basename } from 'node:path';
import { Command, type Option } from 'commander';
import { type CliContext, usage } from '../context.js';
import { COMMANDS } from './index.js';

const SHELLS = ['bash', 'zsh', 'fish'] as const;

/**
 * The line that tells the bash script a file name goes here too: bash offers files only when
 * nothing else matches, while zsh and fish always offer them, so only bash asks for the mark.
 */
const FILES_MARK = ':files';
type Shell = (typeof SHELLS)[number];

const SCRIPTS: Record<Shell, string> = {
  bash: `# rulewright completion for bash: add to ~/.bashrc
#   source <(rulewright completion bash)
_rulewright() {
  local IFS=$'\\n' cur="\${COMP_WORDS[COMP_CWORD]}" words
  words=$(rulewright __complete --mark-files -- "\${COMP_WORDS[@]:0:COMP_CWORD}" 2>/dev/null)
  COMPREPLY=($(compgen -W "$words" -X '${FILES_MARK}' -- "$cur"))
  if [[ $'\\n'$words$'\\n' == *$'\\n${FILES_MARK}\\n'* && $cur != -* ]]; then COMPREPLY+=($(compgen -f -- "$cur")); fi
}
complete -o default -F _rulewright rulewright
`,
  zsh: `#compdef rulewright
# rulewright completion for zsh: add to ~/.zshrc (after compinit)
#   source <(rulewright completion zsh)
_rulewright() {
  local -a items
  items=("\${(@f)$(rulewright __complete -- "\${(@)words[1,CURRENT-1]}" 2>/dev/null)}")
  compadd -a items
  _files
}
compdef _rulewright rulewright
`,
  fish: `# rulewright completion for fish: save as ~/.config/fish/completions/rulewright.fish
#   rulewright completion fish > ~/.config/fish/completions/rulewright.fish
complete -c rulewright -a '(rulewright __complete -- (commandline -opc) 2>/dev/null)'
`,
};

/** Subcommands of `rules` and `examples` whose argument is a rule or an example id. */
const RULE_ID_ARG = new Set(['show', 'edit', 'disable', 'enable', 'delete', 'restore', 'history']);

/** The value of `--name V` or `--name=V` in `words`, if any. */
function optionValue(words: readonly string[], name: string): string | undefined {
  for (let i = words.length - 1; i >= 0; i--) {
    const w = words[i]!;
    if (w === name && i + 1 < words.length) return words[i + 1];
    if (w.startsWith(`${name}=`)) return w.slice(name.length + 1);
  }
  return undefined;
}

/** Options any command takes before or after its name, whose value is the next word. */
const GLOBAL_VALUE_OPTIONS = new Set(['--db', '--dataset', '--matchers']);

/** What the positional argument being typed is: a file, a dataset name, or something else. */
function positionalKind(cmd: Command, path: readonly string[], words: readonly string[]): 'file' | 'dataset' | undefined {
  const rest = [...words];
  for (const p of path) rest.splice(rest.indexOf(p), 1);
  let given = 0;
  for (let i = 0; i < rest.length; i++) {
    const w = rest[i]!;
    if (!w.startsWith('-')) given++;
    else if (!w.includes('=') && (GLOBAL_VALUE_OPTIONS.has(w) || cmd.options.some((o) => o.long === w && (o.required || o.optional)))) i++;
  }
  const arg = cmd.registeredArguments[given];
  if (arg?.name() === 'file') return 'file';
  if (path.join(' ') === 'use' && given === 0) return 'dataset';
  return undefined;
}

const datasetNames = (ctx: CliContext, words: readonly string[]) => workspaceValues(ctx, words, (ws) => ws.datasetNames());

/** Every command registered, as `--help` would list them. */
async function fullProgram(ctx: CliContext): Promise<Command> {
  const program = new Command('rulewright');
  for (const m of await Promise.all(COMMANDS.map((c) => c.load()))) m.register(program, ctx);
  return program;
}

/** The candidates for the word after `words` (the words typed so far, after the program name). */
export async function candidates(ctx: CliContext, words: readonly string[]): Promise<string[]> {
  let cmd = await fullProgram(ctx);
  const path: string[] = [];
  for (const w of words) {
    const sub = w.startsWith('-') ? undefined : cmd.commands.find((c) => c.name() === w);
    if (sub) {
      cmd = sub;
      path.push(w);
    }
  }
  const prev = words.at(-1);
  const takesValue = (o: Option) => o.required || o.optional;
  // `--db` and `--dataset` come before the command too, where no command's options are known yet.
  if (prev === '--dataset') return datasetNames(ctx, words);
  if (prev === '--db') return [];
  const pending = prev?.startsWith('--') && !prev.includes('=') ? cmd.options.find((o) => o.long === prev && takesValue(o)) : undefined;
  if (pending) {
    if (pending.argChoices) return pending.argChoices;
    if (pending.long === '--rule') return ruleIds(ctx, words);
    return []; // a file or free text: the shell completes file names
  }
  const out = [...cmd.commands.map((c) => c.name()).filter((n) => !n.startsWith('__')), ...cmd.options.flatMap((o) => (o.long && !o.hidden ? [o.long] : []))];
  if (path[0] === 'completion' && path.length === 1) out.push(...SHELLS);
  if (path[0] === 'rules' && path.length === 2 && RULE_ID_ARG.has(path[1]!)) out.push(...(await ruleIds(ctx, words)));
  const kind = positionalKind(cmd, path, words);
  if (kind === 'dataset') out.push(...(await datasetNames(ctx, words)));
  if (kind === 'file') out.push(FILES_MARK);
  return out;
}

/** Values read from the workspace the words name (`--db`, else as every command finds it); none when it cannot be opened. */
async function workspaceValues(ctx: CliContext, words: readonly string[], read: (ws: import('../../service/index.js').Workspace) => string[]): Promise<string[]> {
  const { existsSync } = await import('node:fs');
  const { resolveDbPath } = await import('../../service/index.js');
  const db = optionValue(words, '--db');
  if (!existsSync(resolveDbPath(db, ctx.io.env, ctx.io.cwd))) return [];
  try {
    return await ctx.withWorkspace({ db }, read);
  } catch {
    return [];
  }
}

function ruleIds(ctx: CliContext, words: readonly string[]): Promise<string[]> {
  return workspaceValues(ctx, words, (ws) =>
    ws
      .dataset(optionValue(words, '--dataset'))
      .listRules()
      .rules.map((r) => r.id),
  );
}

export function register(program: Command, ctx: CliContext): void {
  program
    .command('completion')
    .description('print a shell completion script (commands, options, dataset names, rule ids)')
    .argument('<shell>', SHELLS.join(', '))
    .addHelpText('after', '\nExamples:\n  source <(rulewright completion bash)     # in ~/.bashrc\n  source <(rulewright completion zsh)      # in ~/.zshrc, after compinit\n  rulewright completion fish > ~/.config/fish/completions/rulewright.fish')
    .action((shell: string) => {
      if (!(SHELLS as readonly string[]).includes(shell)) throw usage(`no completion for shell "${shell}": pick one of ${SHELLS.join(', ')}, e.g. \`rulewright completion bash\``);
      ctx.io.stdout.write(SCRIPTS[shell as Shell]);
    });
  program
    .command('__complete', { hidden: true })
    .argument('[words...]')
    .option('--mark-files', `say "${FILES_MARK}" where a file name goes (the bash script asks)`)
    .allowUnknownOption()
    .helpOption(false)
    .action(async (words: string[], opts: { markFiles?: boolean }) => {
      // The shells pass the command line from its first word, the program as the user typed it.
      const typed = words.length && basename(words[0]!).startsWith('rulewright') ? words.slice(1) : words;
      for (const c of await candidates(ctx, typed)) if (c !== FILES_MARK || opts.markFiles) ctx.io.stdout.write(`${c}\n`);
    });
}
