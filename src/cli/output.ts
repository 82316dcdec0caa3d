import { stripVTControlCharacters } from 'node:util';
import pc from 'picocolors';
import { NONE } from '../core/none.js';
import { clipMessage } from './clip-message.js';
import { pasteable, type Where } from './hint.js';

/** Where the CLI writes: real streams in the binary, string buffers in tests. */
export interface CliIo {
  stdout: { write(s: string): unknown; isTTY?: boolean; columns?: number };
  stderr: { write(s: string): unknown; isTTY?: boolean };
  /** What a FILE argument `-` reads (default: the process's stdin). */
  stdin?: NodeJS.ReadableStream;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export type Colors = ReturnType<typeof pc.createColors>;

/**
 * A table column: `key` of each row, its header, alignment (numbers default right) and formatter.
 * How a column gives way when the table is wider than the terminal (`fit`): `keep` never (ids,
 * labels, the key figures), `narrow` is cut down to `min` but stays, `drop` (the default, except
 * for ids) is cut down and then left out; columns further right give way first.
 */
export interface Column<R> {
  key: keyof R & string;
  header?: string;
  align?: 'left' | 'right';
  /**
   * At a known terminal width, cells longer than this are cut first (with an ellipsis) and get
   * back whatever width the table leaves unused; piped and `--wide` output shows them whole.
   */
  max?: number;
  format?: (value: R[keyof R], row: R) => string;
  fit?: 'keep' | 'narrow' | 'drop';
  /** Where a narrowed cell loses characters: names keep both ends (`middle`), text its start. */
  cut?: 'middle' | 'end';
  /** The narrowest a narrowed column gets (default 10, or its header). */
  min?: number;
  /** Droppable columns with a drop order go before those without, the highest first. */
  dropOrder?: number;
}

const visibleLength = (s: string) => stripVTControlCharacters(s).length;

/** Formats a number for people: thousands separators, ratios with 3 decimals, null as `NONE`. */
export function fmt(v: unknown): string {
  if (v === null || v === undefined) return NONE;
  if (typeof v === 'number') {
    if (Number.isInteger(v)) return v.toLocaleString('en-US');
    return v.toFixed(3);
  }
  if (Array.isArray(v)) return v.join(', ');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** A duration for people: `3.6 ms`, `1,353 ms` (whole milliseconds from 10 up). */
export function fmtMs(ms: number): string {
  return `${ms < 10 ? ms.toFixed(1) : fmt(Math.round(ms))} ms`;
}

/** Cuts a one-line string to `max` characters, showing newlines as ⏎. */
export function clip(s: string, max: number): string {
  const one = s.replace(/\r?\n/g, '⏎');
  return one.length <= max ? one : `${one.slice(0, Math.max(0, max - 1))}…`;
}

/** Cuts a one-line string to `max` characters in the middle, keeping both ends (names that differ at the end). */
function clipMiddle(s: string, max: number): string {
  const one = s.replace(/\r?\n/g, '⏎');
  if (one.length <= max) return one;
  if (max < 3) return clip(one, max);
  const head = Math.ceil((max - 1) / 2);
  return `${one.slice(0, head)}…${one.slice(one.length - (max - 1 - head))}`;
}

/** A ratio with 3 fixed decimals, so a column of them lines up (`1.000`, not `1`); null as `NONE`. */
export function ratio(v: unknown): string {
  return typeof v === 'number' && Number.isFinite(v) ? v.toFixed(3) : NONE;
}

/** `1 round`, `2 rounds`, `1,024 examples`: the count with its noun, plural when it is not 1. */
export function plural(n: number, noun: string, nouns = `${noun}s`): string {
  return `${fmt(n)} ${n === 1 ? noun : nouns}`;
}

/** Human and JSON output of one command run. */
export class Output {
  readonly c: Colors;

  constructor(readonly io: CliIo) {
    const env = io.env;
    const color = !('NO_COLOR' in env) && (('FORCE_COLOR' in env && env.FORCE_COLOR !== '0') || !!io.stdout.isTTY);
    this.c = pc.createColors(color);
  }

  /** The one JSON document of a `--json` run. */
  json(value: unknown): void {
    this.io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  }

  /** The workspace and dataset the user named, which hints quoted in output repeat (see `pasteable`). */
  where: Where = {};

  line(s = ''): void {
    this.io.stdout.write(`${pasteable(s, this.where)}\n`);
  }

  /** A warning on stderr (never on stdout, so `--json` output stays one document). */
  warn(s: string): void {
    this.io.stderr.write(`rulewright: warning: ${clipMessage(pasteable(s, this.where))}\n`);
  }

  /** Show every column in full (`--wide`), whatever the terminal's width. */
  wide = false;

  /**
   * The width tables fit: $COLUMNS, else the terminal's; null when neither is known (piped
   * output keeps its full width, so scripts reading it are unaffected) or with `--wide`.
   */
  get width(): number | null {
    if (this.wide) return null;
    const cols = Number(this.io.env.COLUMNS);
    if (Number.isInteger(cols) && cols > 0) return cols;
    return this.io.stdout.isTTY && this.io.stdout.columns ? this.io.stdout.columns : null;
  }

  /** A line the next table starts with (which dataset it is about), printed once. */
  title: string | undefined;

  /** An aligned table with a bold header; numbers right-aligned; fitted to `width` (see Column.fit). */
  table<R extends object>(rows: readonly R[], columns: readonly Column<R>[]): void {
    if (this.title !== undefined) this.line(this.c.dim(this.title));
    this.title = undefined;
    const full = rows.map((row) =>
      columns.map((col) => {
        const v = row[col.key];
        return col.format ? col.format(v, row) : fmt(v);
      }),
    );
    const right = columns.map((col) => col.align === 'right' || (col.align === undefined && rows.length > 0 && rows.every((r) => isNumeric(r[col.key]))));
    const headers = columns.map((col) => col.header ?? col.key);
    const natural = columns.map((_, i) => Math.max(visibleLength(headers[i]!), ...full.map((r) => visibleLength(r[i]!))));
    const blank = columns.map((_, i) => full.every((r) => visibleLength(r[i]!) === 0));
    const widths = fitWidths(columns, headers, natural, blank, this.width);
    const shown = columns.flatMap((_, i) => (widths[i] === null ? [] : [i]));
    const cut = (s: string, i: number) => {
      const w = widths[i]!;
      if (visibleLength(s) <= w) return s;
      const plain = stripVTControlCharacters(s);
      return columns[i]!.cut === 'middle' ? clipMiddle(plain, w) : clip(plain, w);
    };
    const pad = (s: string, i: number) => {
      const gap = ' '.repeat(Math.max(0, widths[i]! - visibleLength(s)));
      return right[i] ? gap + s : s + gap;
    };
    const render = (r: string[]) =>
      shown
        .map((i) => pad(cut(r[i]!, i), i))
        .join('  ')
        .trimEnd();
    this.line(this.c.bold(render(headers)));
    for (const r of full) this.line(render(r));
  }

  /** `key: value` lines with the keys aligned. */
  kv(pairs: readonly (readonly [string, unknown])[]): void {
    const w = Math.max(0, ...pairs.map(([k]) => k.length));
    for (const [k, v] of pairs) this.line(`${this.c.dim(`${k}:`.padEnd(w + 1))} ${typeof v === 'string' ? v : fmt(v)}`);
  }
}

const GAP = 2;

/** How a column gives way: ids never do; others as their `fit` says (default `drop`). */
function fitOf<R>(col: Column<R>): NonNullable<Column<R>['fit']> {
  return col.fit ?? (col.key === 'id' ? 'keep' : 'drop');
}

/** The narrowest any cut column gets when even its minimum does not fit. */
const FLOOR = 4;

/** Droppable columns in the order they go: by drop order (highest first), then the rightmost first. */
function dropSequence<R>(columns: readonly Column<R>[]): number[] {
  const idx = columns.flatMap((col, i) => (fitOf(col) === 'drop' ? [i] : []));
  const order = (i: number) => columns[i]!.dropOrder ?? -Infinity;
  return idx.sort((a, b) => order(b) - order(a) || b - a);
}

/**
 * Each column's width at `width` (null: left out), from the natural widths; null width (piped,
 * `--wide`) keeps every cell whole. When the table is too wide: columns with nothing in them
 * go; then droppable columns (see dropSequence) until the rest fits with the cut-able ones at
 * their minimum; then the widest cut-able column loses a character at a time, to its minimum
 * and, if need be, below it to FLOOR. Columns capped by `max` get back the width left unused.
 */
function fitWidths<R>(columns: readonly Column<R>[], headers: readonly string[], natural: readonly number[], blank: readonly boolean[], width: number | null): (number | null)[] {
  if (width === null) return [...natural];
  const widths: (number | null)[] = natural.map((n, i) => Math.min(n, Math.max(columns[i]!.max ?? n, visibleLength(headers[i]!))));
  const sum = (ws: readonly (number | null)[]) => ws.reduce<number>((t, w) => (w === null ? t : t + w + GAP), -GAP);
  const mins = columns.map((col, i) => (fitOf(col) === 'keep' ? widths[i]! : Math.min(widths[i]!, Math.max(col.min ?? 10, visibleLength(headers[i]!)))));
  const atMin = () => sum(widths.map((w, i) => (w === null ? null : mins[i]!)));
  for (let i = columns.length - 1; i >= 0 && sum(widths) > width; i--) if (blank[i]) widths[i] = null;
  for (const i of dropSequence(columns)) if (atMin() > width) widths[i] = null;
  for (const floor of [mins, natural.map((n) => Math.min(n, FLOOR))]) {
    for (let excess = sum(widths) - width; excess > 0; excess--) {
      let pick = -1;
      for (let i = columns.length - 1; i >= 0; i--) {
        const w = widths[i] ?? null;
        if (w === null || fitOf(columns[i]!) === 'keep' || w <= floor[i]!) continue;
        if (pick < 0 || w - floor[i]! > widths[pick]! - floor[pick]!) pick = i;
      }
      if (pick < 0) break;
      widths[pick] = widths[pick]! - 1;
    }
  }
  giveSpare(widths, natural, width - sum(widths));
  return widths;
}

/** Hands unused width to the shown columns that are cut, leftmost first (the right gives way first, as when dropping). */
function giveSpare(widths: (number | null)[], natural: readonly number[], spare: number): void {
  for (let i = 0; i < widths.length && spare > 0; i++) {
    const w = widths[i];
    if (w === null || w === undefined || w >= natural[i]!) continue;
    const more = Math.min(spare, natural[i]! - w);
    widths[i] = w + more;
    spare -= more;
  }
}

function isNumeric(v: unknown): boolean {
  return typeof v === 'number' || v === null;
}
