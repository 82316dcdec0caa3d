import { isUtf8 } from 'node:buffer';
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { RulewrightError } from '../core/errors.js';
import { binaryInput, checkNotUtf16, checkTextBytes, firstInvalidUtf8, invalidUtf8, shellQuote, type TextSource } from './decode-text.js';
import type { TextLine } from './lines.js';

/**
 * Inputs that are not regular files (stdin, a FIFO, `/dev/fd/N` of a process substitution, a
 * character device) are read once, as they come, and may never end: they are read a chunk at a
 * time with bounded memory, checked as they go, and never opened twice.
 */

/** The FILE argument that means standard input. */
export const STDIN = '-';

/** The longest line a stream may hold: one example per line never needs more. */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;

/** The most a stream read whole (a JSON document, or a format parsed whole) may hold. */
export const MAX_WHOLE_BYTES = 256 * 1024 * 1024;

const CHUNK_BYTES = 1 << 18;

/** Detection looks at this much of a stream, or this many lines, whichever comes first. */
const PEEK_BYTES = 1 << 20;
const PEEK_LINES = 200;

/** How long a read waits before trying again when stdin was left non-blocking by its writer. */
const RETRY_MS = 10;

/** Paths of a descriptor inherited from the shell (`<(…)`), gone once read. */
const ONE_SHOT = /^\/(?:dev|proc\/self)\/fd\//;

const bad = (message: string): RulewrightError => new RulewrightError('BAD_INPUT', message);

const mib = (n: number): string => `${n} bytes (${n / (1024 * 1024)} MiB)`;

/** Whether `path` is read as a stream: stdin, or anything that exists and is neither a regular file nor a folder. */
export function isStreamInput(path: string): boolean {
  if (path === STDIN) return true;
  try {
    const st = statSync(path);
    return !st.isFile() && !st.isDirectory();
  } catch {
    return false;
  }
}

/** A stream input: sync reads (the importers are synchronous) of an open descriptor. */
export class InputStream {
  readonly source: TextSource;
  private ended = false;

  private constructor(
    private readonly fd: number,
    /** The name messages give it: `stdin`, or the path. */
    readonly name: string,
    private readonly owned: boolean,
  ) {
    // The CLI repeats the user's own options after `rulewright import -`, so the command runs as
    // pasted; a FIFO can be read again by name, stdin and a `<(…)` descriptor cannot.
    const convert = owned && !ONE_SHOT.test(name)
      ? (enc: string) => `convert it on its way in, e.g. \`iconv -f ${enc} -t UTF-8 ${shellQuote(name)} | rulewright import -\``
      : (enc: string) => `convert it on its way in: pipe it into \`iconv -f ${enc} -t UTF-8 | rulewright import -\` instead`;
    this.source = { noun: 'the input', convert };
  }

  /** Opens `path` (`-`: the descriptor `stdinFd`, by default the process's stdin, which is not closed). */
  static open(path: string, stdinFd = 0): InputStream {
    if (path === STDIN) return new InputStream(stdinFd, 'stdin', false);
    try {
      return new InputStream(openSync(path, 'r'), path, true);
    } catch (e) {
      throw bad(`${path}: cannot read it (${(e as Error).message}); check the path`);
    }
  }

  /** The next chunk, or null at the end. */
  read(): Buffer | null {
    if (this.ended) return null;
    const buf = Buffer.allocUnsafe(CHUNK_BYTES);
    for (;;) {
      let n: number;
      try {
        n = readSync(this.fd, buf, 0, CHUNK_BYTES, null);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code === 'EAGAIN') {
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, RETRY_MS);
          continue;
        }
        if (code === 'EOF') n = 0;
        else throw bad(`${this.name}: cannot read it (${(e as Error).message})`);
      }
      if (n === 0) {
        this.ended = true;
        return null;
      }
      return buf.subarray(0, n);
    }
  }

  close(): void {
    this.ended = true;
    if (this.owned) closeSync(this.fd);
  }

  /**
   * The start of the stream, for the checks and format detection that come before anything is
   * written: up to a megabyte or 200 lines (`quick`: the first chunk alone), and whether the
   * stream ended there. Empty input, UTF-16 and the first binary bytes are refused here.
   */
  peek(quick: boolean): { head: Buffer; ended: boolean } {
    const parts: Buffer[] = [];
    let size = 0;
    let lines = 0;
    while (size < PEEK_BYTES && lines < PEEK_LINES) {
      const c = this.read();
      if (!c) break;
      parts.push(c);
      size += c.length;
      for (let i = c.indexOf(10); i !== -1; i = c.indexOf(10, i + 1)) lines++;
      if (quick) break;
    }
    const head = Buffer.concat(parts);
    if (head.length === 0) throw bad(`${this.name}: the input is empty (0 bytes): there is nothing to import; check what you gave as input`);
    checkNotUtf16(head, this.name, this.source);
    const nul = head.indexOf(0);
    if (nul !== -1) throw binaryInput(this.name, countNewlines(head, nul) + 1, nul);
    // up to the last line end: a UTF-8 sequence may be cut at the end of the head
    checkTextBytes(this.ended ? head : head.subarray(0, head.lastIndexOf(10) + 1), this.name, this.source);
    return { head, ended: this.ended };
  }

  /**
   * Everything from `head` to the end, for a format read whole; refused past MAX_WHOLE_BYTES
   * (and as soon as a NUL byte shows it is binary) instead of growing without bound. What does
   * not start as JSON (which may be one long line) is held to MAX_LINE_BYTES a line as well.
   */
  readWhole(head: Buffer): Buffer {
    const parts: Buffer[] = [];
    const lineBound = !startsAsJson(head);
    let size = 0;
    let newlines = 0;
    // bytes of the line still open at the end of the chunks so far
    let open = 0;
    for (let c: Buffer | null = head; c; c = this.read()) {
      const nul = c.indexOf(0);
      if (nul !== -1) throw binaryInput(this.name, newlines + countNewlines(c, nul) + 1, size + nul);
      const nl = c.indexOf(10);
      if (lineBound) this.checkLength(open + (nl === -1 ? c.length : nl), newlines + 1);
      open = nl === -1 ? open + c.length : c.length - c.lastIndexOf(10) - 1;
      size += c.length;
      if (size > MAX_WHOLE_BYTES) {
        throw bad(`${this.name}: longer than ${mib(MAX_WHOLE_BYTES)}, the most a stream read whole may hold: save it to a file and import the file`);
      }
      newlines += countNewlines(c, c.length);
      parts.push(c);
    }
    return Buffer.concat(parts);
  }

  /**
   * The lines from `head` on, decoded and numbered. Each is checked as it comes (a NUL byte,
   * invalid UTF-8, more than MAX_LINE_BYTES), so an error stops the reading at its line.
   */
  *lines(head: Buffer): Generator<TextLine> {
    let carry: Buffer[] = [];
    let carried = 0;
    let line = 0;
    // byte offset of the start of the current line, and of the current chunk
    let lineStart = 0;
    let chunkStart = 0;
    for (let c: Buffer | null = head; c; chunkStart += c.length, c = this.read()) {
      const nul = c.indexOf(0);
      const upTo = nul === -1 ? c.length : nul;
      let from = 0;
      for (let nl = c.indexOf(10); nl !== -1 && nl < upTo; nl = c.indexOf(10, from)) {
        const piece = c.subarray(from, nl);
        const bytes = carried ? Buffer.concat([...carry, piece]) : piece;
        this.checkLength(bytes.length, line + 1);
        yield this.decode(bytes, ++line, lineStart);
        lineStart += bytes.length + 1;
        carry = [];
        carried = 0;
        from = nl + 1;
      }
      if (nul !== -1) throw binaryInput(this.name, line + 1, chunkStart + nul);
      const rest = c.subarray(from);
      carried += rest.length;
      this.checkLength(carried, line + 1);
      if (rest.length) carry.push(rest);
    }
    if (carried) yield this.decode(Buffer.concat(carry), line + 1, lineStart);
  }

  private checkLength(bytes: number, line: number): void {
    if (bytes <= MAX_LINE_BYTES) return;
    throw bad(
      `${this.name}:${line}: line longer than ${mib(MAX_LINE_BYTES)}: a dataset read as a stream holds one example per line; ` +
        'check that this is the input you meant (a JSON document that long: save it to a file and import the file)',
    );
  }

  private decode(bytes: Buffer, line: number, lineStart: number): TextLine {
    if (!isUtf8(bytes)) {
      const at = firstInvalidUtf8(bytes);
      throw invalidUtf8(this.name, line, lineStart + at, bytes[at]!, at + 1, this.source);
    }
    return { text: bytes.toString('utf8'), line };
  }
}

/** Whether the first byte that is not blank space (or a byte-order mark) opens a JSON array or object. */
function startsAsJson(buf: Buffer): boolean {
  const start = buf.subarray(0, 4096).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  return start.startsWith('[') || start.startsWith('{');
}

/** Line ends among the first `end` bytes of `buf`. */
function countNewlines(buf: Buffer, end: number): number {
  let n = 0;
  for (let i = buf.indexOf(10); i !== -1 && i < end; i = buf.indexOf(10, i + 1)) n++;
  return n;
}

/** A stream input opened, with its start read (see `InputStream.peek`). */
export interface PeekedStream {
  input: InputStream;
  head: Buffer;
  ended: boolean;
}

/** Opens a stream input and reads its start; `quick` when the format is known (only the checks need the start). */
export function peekStream(path: string, quick: boolean, stdinFd?: number): PeekedStream {
  const input = InputStream.open(path, stdinFd);
  try {
    return { input, ...input.peek(quick) };
  } catch (e) {
    input.close();
    throw e;
  }
}
