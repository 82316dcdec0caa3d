import { stripVTControlCharacters } from 'node:util';
import pc from 'picocolors';
import { NONE } from '../core/none.js';
import { clipMessage } from './clip-message.js';

/** Where the CLI writes: real streams in the binary, string buffers in tests. */
export interface CliIo {
  stdout: { write(s: string): unknown; isTTY?: boolean };
  stderr: { write(s: string): unknown; isTTY?: boolean };
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export type Colors = ReturnType<typeof pc.createColors>;

/** A table column: `key` of each row, its header, alignment (numbers default right) and formatter. */
export interface Column<R> {
  key: keyof R & string;
  header?: string;
  align?: 'left' | 'right';
  /** Cut longer cells to this many characters (with an ellipsis). */
  max?: number;
  format?: (value: R[keyof R], row: R) => string;
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

  line(s = ''): void {
    this.io.stdout.write(`${s}\n`);
  }

  /** A warning on stderr (never on stdout, so `--json` output stays one document). */
  warn(s: string): void {
    this.io.stderr.write(`rulewright: warning: ${clipMessage(s)}\n`);
  }

  /** An aligned table with a bold header; numbers right-aligned. */
  table<R extends object>(rows: readonly R[], columns: readonly Column<R>[]): void {
    const cells = rows.map((row) =>
      columns.map((col) => {
        const v = row[col.key];
        const s = col.format ? col.format(v, row) : fmt(v);
        return col.max ? clip(s, col.max) : s;
      }),
    );
    const right = columns.map((col) => col.align === 'right' || (col.align === undefined && rows.length > 0 && rows.every((r) => isNumeric(r[col.key]))));
    const headers = columns.map((col) => col.header ?? col.key);
    const widths = columns.map((_, i) => Math.max(visibleLength(headers[i]!), ...cells.map((r) => visibleLength(r[i]!))));
    const pad = (s: string, i: number) => {
      const gap = ' '.repeat(widths[i]! - visibleLength(s));
      return right[i] ? gap + s : s + gap;
    };
    const render = (r: string[]) => r.map(pad).join('  ').trimEnd();
    this.line(this.c.bold(render(headers)));
    for (const r of cells) this.line(render(r));
  }

  /** `key: value` lines with the keys aligned. */
  kv(pairs: readonly (readonly [string, unknown])[]): void {
    const w = Math.max(0, ...pairs.map(([k]) => k.length));
    for (const [k, v] of pairs) this.line(`${this.c.dim(`${k}:`.padEnd(w + 1))} ${typeof v === 'string' ? v : fmt(v)}`);
  }
}

function isNumeric(v: unknown): boolean {
  return typeof v === 'number' || v === null;
}
