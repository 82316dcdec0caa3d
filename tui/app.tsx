import { Box, type Key, Text, useApp } from 'ink';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DatasetHandle, Workspace } from '../src/service/index.js';
import { ErrorBoundary } from './components/ErrorBoundary.js';
import { Footer } from './components/Footer.js';
import { RescoreHost } from './components/RescoreHost.js';
import { HelpOverlay } from './components/HelpOverlay.js';
import { TabBar } from './components/TabBar.js';
import { type FeedbackTarget, type Services, ServicesContext, type Shell, ShellContext } from './context.js';
import { type KeyEntry, type KeyHub, KeyHubContext } from './hooks/use-keys.js';
import { useLatest } from './hooks/use-latest.js';
import { errorText } from './hooks/use-loader.js';
import { useWindowSize, type WindowSize } from './hooks/use-window-size.js';
import type { JobRunner } from './jobs/job-runner.js';
import { globalAction, type ScreenName, screenKeys, SHELL_KEYS, TABS } from './keymap.js';
import { type Route, routeKey } from './route.js';
import { ScreenFor } from './screens/ScreenFor.js';
import { FeedbackComposer } from './screens/FeedbackComposer.js';
import { KeyPump } from './KeyPump.js';
import { completeCommand, parseCommand } from './model/command-line.js';
import { AUTO_MEASURE_WORK } from './model/measure-plan.js';
import { editLine, type LineState, lineOf } from './model/line-edit.js';
import type { RuleFilter } from './model/rule-rows.js';
import { TextField } from './components/TextField.js';
import { type Theme, ThemeContext } from './theme.js';

export interface AppProps {
  readonly ws: Workspace;
  /** The dataset's name (already resolved by the caller). */
  readonly dataset: string;
  /** The dataset's handle when the caller has opened one (else the app opens it). */
  readonly data?: DatasetHandle;
  readonly jobs: JobRunner;
  readonly theme: Theme;
  /** A fixed size (tests); by default the terminal's, following resizes. */
  readonly size?: Partial<WindowSize>;
  /** Rows of the terminal left unused at the bottom. */
  readonly spareRows?: number;
  /** The first screen (default: the rules). */
  readonly initial?: Route;
  /** Re-measure by itself up to this many examples × rules (see RescoreHost); false: only on m. */
  readonly autoMeasure?: number | false;
  /** Told the exit code when the user quits: 0, or 130 for Ctrl-C (as a shell reports an interrupt). */
  readonly onExitCode?: (code: number) => void;
  /** Opens another dataset of the workspace (`:dataset NAME`); without it the app stays on one. */
  readonly onDataset?: (name: string) => void;
}

const NOTICE_MS = 4000;
/** The exit code of a program stopped by Ctrl-C (128 + SIGINT), as shells report it. */
const INTERRUPTED = 130;
/** Below this size the screens cannot be laid out readably: the app says so instead. */
export const MIN_COLUMNS = 80;
export const MIN_ROWS = 24;
const FIXED_HINTS = SHELL_KEYS.filter((k) => k.footer);

/** The tab a screen belongs to (a rule's detail belongs to Rules, a correction to Examples). */
function tabOf(screen: ScreenName): ScreenName {
  if (screen === 'rule' || screen === 'example') return 'rules';
  if (screen === 'correct') return 'examples';
  if (screen === 'corrections') return 'feedback';
  return screen;
}

/**
 * The workbench shell: the tab bar, a stack of screens (the ones below the top stay mounted, so
 * going back finds them as they were), the help overlay, the feedback composer and the footer.
 * It owns the global keys (q, ?, 1-6) unless a screen has captured the keyboard for a text field.
 */
export function App({ ws, dataset, data, jobs, theme, size, spareRows = 0, initial, autoMeasure = AUTO_MEASURE_WORK, onExitCode, onDataset }: AppProps) {
  const terminal = useWindowSize(size);
  const columns = terminal.columns;
  const rows = Math.max(8, terminal.rows - spareRows);
  const { exit } = useApp();
  const [stack, setStack] = useState<readonly Route[]>(() => [initial ?? { screen: 'rules' }]);
  const [help, setHelp] = useState(false);
  const [composer, setComposer] = useState<FeedbackTarget | null>(null);
  const [notice, setNotice] = useState<string | undefined>();
  const captures = useRef(new Set<string>());
  const rescore = useRef<((why?: string) => void) | null>(null);
  const [command, setCommand] = useState<LineState | null>(null);
  // Bumped by a command that changes what a mounted screen read at mount (filter, sort): it mounts again.
  const [epoch, setEpoch] = useState(0);
  const [session] = useState(() => new Map<string, unknown>());

  useEffect(() => {
    if (!notice) return;
    const t = setTimeout(() => setNotice(undefined), NOTICE_MS);
    return () => clearTimeout(t);
  }, [notice]);

  const shell = useMemo<Shell>(
    () => ({
      push: (r) => setStack((s) => [...s, r]),
      back: () => setStack((s) => (s.length > 1 ? s.slice(0, -1) : s)),
      go: (r) => setStack([r]),
      notify: (m) => setNotice(m),
      composeFeedback: (t) => setComposer(t),
      capture: (id, on) => {
        if (on) captures.current.add(id);
        else captures.current.delete(id);
      },
      session,
    }),
    [session],
  );
  const services = useMemo<Services>(() => ({ ws, dataset: data ?? ws.dataset(dataset), jobs }), [ws, dataset, data, jobs]);

  const quit = useCallback(
    (code = 0) => {
      onExitCode?.(code);
      jobs.close();
      exit();
    },
    [jobs, exit, onExitCode],
  );

  const entries = useRef<KeyEntry[]>([]);
  const hub = useMemo<KeyHub>(
    () => ({
      register: (e) => {
        entries.current.push(e);
        return () => {
          entries.current = entries.current.filter((x) => x !== e);
        };
      },
    }),
    [],
  );
  const state = useLatest({ help, composer, command });

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
      const prev = session.get('rules.filter') as RuleFilter | undefined;
      session.set('rules.filter', { status: 'all', badge: 'any', ...prev, text: c.text } satisfies RuleFilter);
    } else session.set('rules.sort', c.sort);
    setEpoch((e) => e + 1);
    shell.go({ screen: 'rules' });
  };

  // Global keys first, then every active screen or dialog (see KeyPump for the ordering).
  const dispatch = (input: string, key: Key) => {
    try {
      if (!globalKey(input, key)) for (const e of [...entries.current]) if (e.current.active) e.current.handler(input, key);
    } catch (e) {
      // A failing key handler must not take the terminal down: say what failed and carry on.
      setNotice(`error: ${errorText(e)}`);
    }
  };

  const globalKey = (input: string, key: Key): boolean => {
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
      if (key.escape) setCommand(null);
      else if (key.tab) setCommand(lineOf(completeCommand(command.value, ws.datasetNames())));
      else if (key.return) {
        setCommand(null);
        runCommand(command.value);
      } else {
        const next = editLine(command, input, key);
        if (next) setCommand(next);
      }
      return true;
    }
    if (composer) {
      // The composer closes itself on esc; this also closes it if it failed to draw.
      if (key.escape) setComposer(null);
      return false;
    }
    if (captures.current.size) return false;
    if (key.ctrl || key.meta) return false;
    const action = globalAction(input, key);
    if (action === 'quit') quit();
    else if (action === 'help') setHelp(true);
    else if (action === 'metrics' && rescore.current) rescore.current('recomputing metrics in the background…');
    else if (action === 'command') setCommand(lineOf(''));
    else if (/^[1-9]$/.test(input) && TABS[Number(input) - 1]) shell.go({ screen: TABS[Number(input) - 1]!.screen });
    else return false;
    return true;
  };

  const top = stack[stack.length - 1]!;
  const screenHints = useMemo(() => screenKeys(top.screen).filter((k) => k.footer), [top.screen]);
  const bodyHeight = Math.max(3, rows - 2);
  const tooSmall = terminal.columns < MIN_COLUMNS || terminal.rows < MIN_ROWS;
  // A screen hidden behind the too-small notice takes no keys either (q still quits).
  const covered = help || composer !== null || tooSmall;
  return (
    <ThemeContext.Provider value={theme}>
      <ServicesContext.Provider value={services}>
        <ShellContext.Provider value={shell}>
          <KeyHubContext.Provider value={hub}>
            <RescoreHost startRef={rescore} autoMeasure={autoMeasure}>
              <KeyPump onKey={dispatch} />
              {tooSmall ? (
                <Box flexDirection="column" width={columns}>
                  <Text wrap="wrap">{`window too small: ${terminal.columns}x${terminal.rows}, the workbench needs at least ${MIN_COLUMNS}x${MIN_ROWS}. Make the window larger (q quits).`}</Text>
                </Box>
              ) : null}
              <Box flexDirection="column" width={columns} height={rows} display={tooSmall ? 'none' : 'flex'}>
                <TabBar tabs={TABS} active={tabOf(top.screen)} dataset={dataset} />
                <Box flexDirection="column" height={bodyHeight} overflow="hidden">
                  {stack.map((r, i) => {
                    const visible = i === stack.length - 1 && !covered;
                    return (
                      <Box key={`${epoch}:${i}:${routeKey(r)}`} flexDirection="column" display={visible ? 'flex' : 'none'}>
                        <ErrorBoundary resetKey={routeKey(r)}>
                          <ScreenFor route={r} active={visible} width={columns} height={bodyHeight} />
                        </ErrorBoundary>
                      </Box>
                    );
                  })}
                  {help ? (
                    <HelpOverlay title={TABS.find((t) => t.screen === tabOf(top.screen))?.title ?? top.screen} screenKeys={screenKeys(top.screen)} globalKeys={SHELL_KEYS} width={columns} height={bodyHeight} />
                  ) : null}
                  {composer && !help ? (
                    <ErrorBoundary resetKey="composer">
                      <FeedbackComposer target={composer} width={columns} height={bodyHeight} onClose={() => setComposer(null)} />
                    </ErrorBoundary>
                  ) : null}
                </Box>
                {command ? (
                  <TextField label=":" line={command} focused width={columns} placeholder="rule ID · filter TEXT · sort COLUMN · q" />
                ) : (
                  <Footer hints={screenHints} fixed={FIXED_HINTS} message={notice} width={columns} />
                )}
              </Box>
            </RescoreHost>
          </KeyHubContext.Provider>
        </ShellContext.Provider>
      </ServicesContext.Provider>
    </ThemeContext.Provider>
  );
}
