import { Box, type Key, Text } from 'ink';
import { useMemo, useRef } from 'react';
import { isSpanTask } from '../src/core/schemas/task.js';
import type { DatasetHandle, Workspace } from '../src/service/index.js';
import { ErrorBoundary } from './components/ErrorBoundary.js';
import { Footer } from './components/Footer.js';
import { RescoreHost } from './components/RescoreHost.js';
import { HelpOverlay } from './components/HelpOverlay.js';
import { TabBar } from './components/TabBar.js';
import { TextField } from './components/TextField.js';
import { type Services, ServicesContext, ShellContext } from './context.js';
import { type AppShell, useAppShell } from './hooks/use-app-shell.js';
import { useGlobalKeys } from './hooks/use-global-keys.js';
import { useKeyHub } from './hooks/use-key-hub.js';
import { KeyHubContext } from './hooks/use-keys.js';
import { errorText } from './hooks/use-loader.js';
import { useWindowSize, type WindowSize } from './hooks/use-window-size.js';
import type { JobRunner } from './jobs/job-runner.js';
import { type ScreenName, screenKeys, SHELL_KEYS, TABS } from './keymap.js';
import type { Route } from './route.js';
import { KeyPump } from './KeyPump.js';
import { AUTO_MEASURE_WORK } from './model/measure-plan.js';
import { FeedbackComposer } from './screens/FeedbackComposer.js';
import { ScreenStack } from './screens/ScreenStack.js';
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

/** Below this size the screens cannot be laid out readably: the app says so instead. */
const MIN_COLUMNS = 80;
const MIN_ROWS = 24;
const FIXED_HINTS = SHELL_KEYS.filter((k) => k.footer);

/** The tab a screen belongs to (a rule's detail belongs to Rules, a correction to Examples). */
function tabOf(screen: ScreenName): ScreenName {
  if (screen === 'rule' || screen === 'example') return 'rules';
  if (screen === 'correct') return 'examples';
  if (screen === 'corrections') return 'feedback';
  return screen;
}

/** Whether the dataset is a span task (its span-only keys are listed); a dataset that cannot be read lists them all. */
function spanTaskOf(d: DatasetHandle): boolean {
  try {
    return isSpanTask(d.task.type);
  } catch {
    return true;
  }
}

/**
 * The workbench shell: the tab bar, a stack of screens (the ones below the top stay mounted, so
 * going back finds them as they were), the help overlay, the feedback composer and the footer.
 * It owns the global keys (q, ?, 1-6) unless a screen has captured the keyboard for a text field.
 */
export function App({ ws, dataset, data, jobs, theme, size, spareRows = 0, initial, autoMeasure = AUTO_MEASURE_WORK, onExitCode, onDataset }: AppProps) {
  const terminal = useWindowSize(size);
  const app = useAppShell(initial);
  const rescore = useRef<((why?: string) => void) | null>(null);
  const services = useMemo<Services>(() => ({ ws, dataset: data ?? ws.dataset(dataset), jobs }), [ws, dataset, data, jobs]);
  const { hub, handOut } = useKeyHub();
  const globalKey = useGlobalKeys(app, { ws, dataset, services, rescore, onExitCode, onDataset });
  const spanTask = useMemo(() => spanTaskOf(services.dataset), [services]);

  // Global keys first, then every active screen or dialog (see KeyPump for the ordering).
  const dispatch = (input: string, key: Key) => {
    try {
      if (!globalKey(input, key)) handOut(input, key);
    } catch (e) {
      // A failing key handler must not take the terminal down: say what failed and carry on.
      app.setNotice(`error: ${errorText(e)}`);
    }
  };

  return (
    <ThemeContext.Provider value={theme}>
      <ServicesContext.Provider value={services}>
        <ShellContext.Provider value={app.shell}>
          <KeyHubContext.Provider value={hub}>
            <RescoreHost startRef={rescore} autoMeasure={autoMeasure}>
              <KeyPump onKey={dispatch} />
              <Frame app={app} dataset={dataset} terminal={terminal} rows={Math.max(8, terminal.rows - spareRows)} spanTask={spanTask} />
            </RescoreHost>
          </KeyHubContext.Provider>
        </ShellContext.Provider>
      </ServicesContext.Provider>
    </ThemeContext.Provider>
  );
}

interface FrameProps {
  readonly app: AppShell;
  readonly dataset: string;
  readonly terminal: WindowSize;
  /** The rows the app draws in (the terminal's, less any left spare). */
  readonly rows: number;
  /** Keys only span tasks use are listed (footer, help) only on a span task. */
  readonly spanTask: boolean;
}

/** What the shell draws: the tab bar, the screens and what covers them, and the footer or command line. */
function Frame({ app, dataset, terminal, rows, spanTask }: FrameProps) {
  const { stack, help, composer, command, notice } = app;
  const columns = terminal.columns;
  const top = stack[stack.length - 1]!;
  const keys = useMemo(() => screenKeys(top.screen, spanTask), [top.screen, spanTask]);
  const screenHints = useMemo(() => keys.filter((k) => k.footer), [keys]);
  const bodyHeight = Math.max(3, rows - 2);
  const tooSmall = terminal.columns < MIN_COLUMNS || terminal.rows < MIN_ROWS;
  // A screen hidden behind the too-small notice takes no keys either (q still quits).
  const covered = help || composer !== null || tooSmall;
  return (
    <>
      {tooSmall ? (
        <Box flexDirection="column" width={columns}>
          <Text wrap="wrap">{`window too small: ${terminal.columns}x${terminal.rows}, the workbench needs at least ${MIN_COLUMNS}x${MIN_ROWS}. Make the window larger (q quits).`}</Text>
        </Box>
      ) : null}
      <Box flexDirection="column" width={columns} height={rows} display={tooSmall ? 'none' : 'flex'}>
        <TabBar tabs={TABS} active={tabOf(top.screen)} dataset={dataset} />
        <Box flexDirection="column" height={bodyHeight} overflow="hidden">
          <ScreenStack stack={stack} epoch={app.epoch} covered={covered} width={columns} height={bodyHeight} />
          {help ? <HelpOverlay title={TABS.find((t) => t.screen === tabOf(top.screen))?.title ?? top.screen} screenKeys={keys} globalKeys={SHELL_KEYS} width={columns} height={bodyHeight} /> : null}
          {composer && !help ? (
            <ErrorBoundary resetKey="composer">
              <FeedbackComposer target={composer} width={columns} height={bodyHeight} onClose={() => app.setComposer(null)} />
            </ErrorBoundary>
          ) : null}
        </Box>
        {command ? (
          <TextField label=":" line={command} focused width={columns} placeholder="rule ID · filter TEXT · sort COLUMN · q" />
        ) : (
          <Footer hints={screenHints} fixed={FIXED_HINTS} message={notice} width={columns} />
        )}
      </Box>
    </>
  );
}
