import { type Key, useApp } from 'ink';
import type { Workspace } from '../../src/service/index.js';
import type { Services } from '../context.js';
import { globalAction, TABS } from '../keymap.js';
import { completeCommand, parseCommand } from '../model/command-line.js';
import { editLine, lineOf } from '../model/line-edit.js';
import type { RuleFilter } from '../model/rule-rows.js';
import type { AppShell } from './use-app-shell.js';
import { useLatest } from './use-latest.js';

/** The exit code of a program stopped by Ctrl-C (128 + SIGINT), as shells report it. */
const INTERRUPTED = 130;

export interface GlobalKeysOptions {
  readonly ws: Workspace;
  readonly dataset: string;
  readonly services: Services;
  /** Where the global `m` key finds the metrics job's start (see RescoreHost). */
  readonly rescore: { readonly current: ((why?: string) => void) | null };
  readonly onExitCode: ((code: number) => void) | undefined;
  readonly onDataset: ((name: string) => void) | undefined;
}

/**
 * The shell's own keys: Ctrl-C, the help overlay, the `:` command line and what it runs, and
 * q, ?, m and the number keys unless a screen has captured the keyboard for a text field.
 * Returns the handler, which says whether it took the key (the screens get it otherwise).
 */
export function useGlobalKeys(app: AppShell, opts: GlobalKeysOptions): (input: string, key: Key) => boolean {
  const { exit } = useApp();
  const { ws, services, rescore, onExitCode } = opts;
  const { shell, setHelp, setComposer, setCommand, captures } = app;
  // The overlays as last committed: a key is handed over only once the previous one's render is.
  const state = useLatest({ help: app.help, composer: app.composer, command: app.command });

  const quit = (code = 0) => {
    onExitCode?.(code);
    services.jobs.close();
    exit();
  };

  const runCommand = commandRunner(app, opts, quit);

  const commandKey = (input: string, key: Key) => {
    const command = state.current.command!;
    if (key.escape) setCommand(null);
    else if (key.tab) setCommand(lineOf(completeCommand(command.value, ws.datasetNames())));
    else if (key.return) {
      setCommand(null);
      runCommand(command.value);
    } else {
      const next = editLine(command, input, key);
      if (next) setCommand(next);
    }
  };

  return (input, key) => {
    const { help, composer, command } = state.current;
    // Ctrl-C quits from anywhere, a text field included, with the code of an interrupt.
    if (key.ctrl && input === 'c') {
      quit(INTERRUPTED);
      return true;
    }
    if (help) {
      setHelp(false);
      return true;
    }
    if (command) {
      commandKey(input, key);
      return true;
    }
    if (composer) {
      // The composer closes itself on esc; this also closes it if it failed to draw.
      if (key.escape) setComposer(null);
      return false;
    }
    if (captures.current.size || key.ctrl || key.meta) return false;
    const action = globalAction(input, key);
    if (action === 'quit') quit();
    else if (action === 'help') setHelp(true);
    else if (action === 'metrics' && rescore.current) rescore.current('recomputing metrics in the background…');
    else if (action === 'command') setCommand(lineOf(''));
    else if (/^[1-9]$/.test(input) && TABS[Number(input) - 1]) shell.go({ screen: TABS[Number(input) - 1]!.screen });
    else return false;
    return true;
  };
}

/** Runs a line of the `:` command line: open a rule, filter or sort the rules, switch dataset, quit. */
function commandRunner(app: AppShell, opts: GlobalKeysOptions, quit: () => void): (line: string) => void {
  const { ws, services, dataset, onDataset } = opts;
  const { shell, setNotice } = app;
  const switchDataset = (name: string) => {
    const names = ws.datasetNames();
    if (!names.includes(name)) return setNotice(`no dataset "${name}": the workspace has ${names.join(', ')}`);
    if (name === dataset) return setNotice(`already on ${name}`);
    if (!onDataset) return setNotice(`this workbench is opened on ${dataset} only; quit and run \`rulewright tui --dataset ${name}\``);
    onDataset(name);
  };

  const runCommand = (line: string) => {
    const c = parseCommand(line);
    if (c.kind === 'error') return setNotice(c.message);
    if (c.kind === 'quit') return quit();
    if (c.kind === 'dataset') return switchDataset(c.name);
    if (c.kind === 'rule') {
      // The service resolves a unique start of an id and says which ids an ambiguous one matches.
      const found = services.dataset.showRule(c.id).rule;
      return shell.push({ screen: 'rule', ruleId: found.id });
    }
    if (c.kind === 'filter') {
      const prev = app.session.get('rules.filter') as RuleFilter | undefined;
      app.session.set('rules.filter', { status: 'all', badge: 'any', ...prev, text: c.text } satisfies RuleFilter);
    } else app.session.set('rules.sort', c.sort);
    app.remount();
    shell.go({ screen: 'rules' });
  };
  return runCommand;
}
