import { render } from 'ink-testing-library';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterEach, beforeAll, expect, inject, vi } from 'vitest';
import { Workspace } from '../../src/service/index.js';
import { App } from '../../tui/app.js';
import { InlineJobRunner } from '../../tui/jobs/inline-runner.js';
import type { JobRunner } from '../../tui/jobs/job-runner.js';
import type { Route } from '../../tui/route.js';
import type { Theme } from '../../tui/theme.js';
import { Workbench } from '../../tui/workbench.js';
import { repoRoot } from '../helpers/shared.js';

/** The bundled demo dataset (Banking77, five intents, classification). */
export const DEMO = join(repoRoot, 'datasets', 'banking77-5.jsonl');

/** Key sequences as a terminal sends them. */
export const KEY = {
  up: '\u001B[A',
  down: '\u001B[B',
  right: '\u001B[C',
  left: '\u001B[D',
  shiftRight: '\u001B[1;2C',
  shiftLeft: '\u001B[1;2D',
  ctrlRight: '\u001B[1;5C',
  ctrlShiftLeft: '\u001B[1;6D',
  pageUp: '\u001B[5~',
  pageDown: '\u001B[6~',
  enter: '\r',
  escape: '\u001B',
  tab: '\t',
  backspace: '\u007F',
  ctrlS: '\u0013',
} as const;

/** A temp folder per test, removed afterwards; `open` makes a workspace in it. */
export function useTempWorkspace(): { dir: () => string; open: () => Workspace; path: (n: string) => string } {
  let current: string | undefined;
  const open: Workspace[] = [];
  afterEach(() => {
    for (const ws of open.splice(0)) ws.close();
    if (current) rmSync(current, { recursive: true, force: true });
    current = undefined;
  });
  const dir = () => (current ??= mkdtempSync(join(tmpdir(), 'rulewright-tui-')));
  return {
    dir,
    path: (n) => join(dir(), n),
    open: () => {
      const ws = Workspace.open({ db: join(dir(), 'w.db'), create: true });
      open.push(ws);
      return ws;
    },
  };
}

/**
 * A workspace built once (building one runs the rule checks and a metrics pass, which take
 * seconds) and copied for each test, so every test gets its own file to change. The built file
 * is shared by the test files of one run through the run's own temp folder, keyed by `name`.
 */
export function useTemplateWorkspace(
  build: (ws: Workspace, dir: string) => Promise<unknown>,
  name = build.toString(),
): { open: () => Workspace; path: (n: string) => string; template: () => string } {
  const tmp = useTempWorkspace();
  let template: string | undefined;
  beforeAll(async () => {
    // eslint-disable-next-line react-hooks/immutability -- a vitest fixture named like the other use* helpers, not a React hook
    template = await sharedTemplate(name, build);
  }, 180_000);
  return {
    path: tmp.path,
    open: () => {
      copyFileSync(template!, tmp.path('w.db'));
      return tmp.open();
    },
    template: () => template!,
  };
}

/**
 * Builds the template once across the run's test files (a lock folder, then an atomic rename),
 * or waits for another file's build. Layout: `<run dir>/tui-templates/<name hash>/w.db`.
 */
async function sharedTemplate(name: string, build: (ws: Workspace, dir: string) => Promise<unknown>): Promise<string> {
  const root = join(inject('runDir'), 'tui-templates');
  mkdirSync(root, { recursive: true });
  const done = join(root, createHash('sha256').update(name).digest('hex').slice(0, 16));
  const db = join(done, 'w.db');
  const lock = `${done}.lock`;
  for (const until = Date.now() + 170_000; Date.now() < until; ) {
    if (existsSync(db)) return db;
    try {
      mkdirSync(lock);
    } catch {
      // A lock left by a crashed build is taken over once it is clearly too old.
      const held = statSync(lock, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > 150_000) rmSync(lock, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 200));
      continue;
    }
    try {
      if (existsSync(db)) return db;
      const work = mkdtempSync(`${done}-build-`);
      const ws = Workspace.open({ db: join(work, 'w.db'), create: true });
      try {
        await build(ws, work);
      } finally {
        ws.close();
      }
      renameSync(work, done);
      return db;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  throw new Error(`the test workspace template was not built in time (lock ${lock})`);
}

export interface Rendered {
  readonly frame: () => string;
  /** Writes keys one at a time, letting Ink handle each (a lone esc needs a turn of its own). */
  press(...keys: string[]): Promise<void>;
  type(text: string): Promise<void>;
  /** Waits until the last frame satisfies `check` (an expect that throws until it holds). */
  until(check: (frame: string) => void, timeout?: number): Promise<string>;
  readonly unmount: () => void;
  readonly jobs: JobRunner;
}

const tick = () => new Promise((r) => setTimeout(r, 5));

/**
 * Renders the whole app on a workspace at a fixed size, with jobs running in-process so tests
 * are deterministic. Everything the screens show comes from the real service on a real file.
 */
export function renderApp(
  ws: Workspace,
  opts: { dataset?: string; columns?: number; rows?: number; color?: boolean; initial?: Route; jobs?: JobRunner; autoMeasure?: number | false; switchable?: boolean } = {},
): Rendered {
  const dataset = opts.dataset ?? ws.dataset().summary().name;
  const jobs = opts.jobs ?? new InlineJobRunner(ws, dataset);
  const theme: Theme = { color: opts.color ?? false };
  const columns = opts.columns ?? 80;
  const rows = opts.rows ?? 24;
  // Measuring by itself is off unless a test asks for it: the other tests read the figures as stored.
  const autoMeasure = opts.autoMeasure ?? false;
  const initial = opts.initial ? { initial: opts.initial } : {};
  // switchable: the workbench `rulewright tui` runs, which `:dataset NAME` moves to another dataset
  let open = jobs;
  const tree = opts.switchable ? (
    <Workbench
      ws={ws}
      first={{ data: ws.dataset(dataset), jobs }}
      open={(name) => ({ data: ws.dataset(name), jobs: new InlineJobRunner(ws, name) })}
      onOpen={(o) => (open = o.jobs)}
      theme={theme}
      size={{ columns, rows }}
      autoMeasure={autoMeasure}
      {...initial}
    />
  ) : (
    <App ws={ws} dataset={dataset} jobs={jobs} theme={theme} size={{ columns, rows }} autoMeasure={autoMeasure} {...initial} />
  );
  const r = render(tree);
  // ink-testing-library reports a 100-column terminal; give Ink the size under test. Ink reads the
  // width on every render but ignores 'resize' when CI is set, so render again instead of
  // relying on the event: the same frames locally and in CI.
  Object.defineProperty(r.stdout, 'columns', { get: () => columns, configurable: true });
  Object.defineProperty(r.stdout, 'rows', { get: () => rows, configurable: true });
  r.rerender(tree);
  const frame = () => r.lastFrame() ?? '';
  return {
    frame,
    async press(...keys) {
      for (const k of keys) {
        r.stdin.write(k);
        await tick();
      }
    },
    async type(text) {
      for (const ch of text) {
        r.stdin.write(ch);
        await tick();
      }
    },
    async until(check, timeout = 5000) {
      await vi.waitFor(() => check(frame()), { timeout, interval: 10 });
      return frame();
    },
    unmount: () => {
      open.close();
      r.unmount();
    },
    jobs,
  };
}

/** Asserts a frame fits the terminal: no line wider than `columns`, no more than `rows` lines. */
export function expectFits(frame: string, columns: number, rows: number): void {
  const lines = stripVTControlCharacters(frame).split('\n');
  expect(lines.length).toBeLessThanOrEqual(rows);
  for (const l of lines) expect([...l].length, `line too wide: ${JSON.stringify(l)}`).toBeLessThanOrEqual(columns);
}

/** True when a frame has any ANSI escape sequence. */
export const hasEscapes = (s: string): boolean => s.includes('\u001B[');
