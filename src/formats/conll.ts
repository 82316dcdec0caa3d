import type { Example } from '../core/schemas/example.js';
import type { Span } from '../core/schemas/span.js';
import type { Task } from '../core/schemas/task.js';
import { RulewrightError } from '../core/errors.js';
import { isSpanTask } from '../core/schemas/task.js';
import { ExampleBuilder, badInput } from './example-builder.js';
import { isBlank } from './lines.js';
import type { ImportedData, ParseOptions } from './types.js';

/** A tag: `O`, or a prefix (IOB2 `B`/`I`, also IOBES/BILOU `E`/`S`/`L`/`U`) and a type. */
export const TAG = /^(?:O|([BIESLU])-(.+))$/;
const SPACES = / +/;
const ID_COMMENT = /^#\s*(?:sent_id|id)\s*=\s*(\S.*)$/;

/** The columns of one token line: tab-separated when it has a tab, else space-separated. */
export function splitColumns(line: string): string[] {
  return (line.includes('\t') ? line.split('\t') : line.split(SPACES)).filter((c) => c !== '');
}

interface Open {
  label: string;
  start: number;
  end: number;
}

/**
 * Parses CoNLL / IOB2: one `token<TAB or spaces>…tag` per line (first column the token, last the
 * tag), a blank line between sentences, `-DOCSTART-` lines skipped. Sentence text is the tokens
 * joined by single spaces; entity spans are character offsets into it. An `I-` tag that does not
 * continue an entity of its type starts a new one (counted in a warning). A `# id = X` (or
 * `# sent_id = X`) line names the next sentence; otherwise ids are `s1`, `s2`, ….
 */
export function parseConll(content: string, name: string, opts: ParseOptions = {}): ImportedData {
  const b = new ExampleBuilder({ ...opts, format: 'conll', hint: 'fix this sentence' });
  const lines = content.split('\n');
  let text = '';
  let spans: Span[] = [];
  let open: Open | undefined;
  let firstLine = 0;
  let pendingId: string | undefined;
  let count = 0;
  let orphans = 0;
  let firstOrphan = 0;

  const close = (): void => {
    if (open) spans.push({ start: open.start, end: open.end, label: open.label });
    open = undefined;
  };
  const flush = (): void => {
    if (firstLine === 0) return;
    close();
    count++;
    b.add({ id: pendingId ?? b.genId(`s${count}`), text, spans }, `${name}:${firstLine}`);
    text = '';
    spans = [];
    firstLine = 0;
    pendingId = undefined;
  };

  for (let n = 0; n < lines.length; n++) {
    let line = lines[n] as string;
    if (n === 0 && line.charCodeAt(0) === 0xfeff) line = line.slice(1);
    line = line.trimEnd();
    if (isBlank(line)) {
      flush();
      continue;
    }
    if (line.startsWith('-DOCSTART-')) {
      flush();
      continue;
    }
    if (firstLine === 0 && line.charCodeAt(0) === 35 /* # */) {
      const m = ID_COMMENT.exec(line);
      if (m) {
        pendingId = (m[1] as string).trim();
        continue;
      }
    }
    const cols = splitColumns(line);
    const where = `${name}:${n + 1}`;
    if (cols.length < 2) {
      throw badInput(where, `expected "token<TAB>tag", found one column ${JSON.stringify(line)}; separate the token and its tag with a tab or spaces`);
    }
    const token = cols[0] as string;
    const tag = cols[cols.length - 1] as string;
    const m = TAG.exec(tag);
    if (!m) {
      throw badInput(where, `tag ${JSON.stringify(tag)} is not IOB2; use O, B-TYPE or I-TYPE as the last column`);
    }
    if (firstLine === 0) firstLine = n + 1;
    else text += ' ';
    const start = text.length;
    text += token;
    const end = text.length;
    const prefix = m[1];
    if (prefix === undefined) {
      close();
      continue;
    }
    const label = m[2] as string;
    if (prefix === 'B' || prefix === 'S' || prefix === 'U') {
      close();
      open = { label, start, end };
    } else if (open && open.label === label) {
      open.end = end;
    } else {
      // I-/E-/L- with no entity of its type to continue: start one, as conlleval does
      close();
      open = { label, start, end };
      orphans++;
      if (firstOrphan === 0) firstOrphan = n + 1;
    }
    if (prefix === 'S' || prefix === 'U' || prefix === 'E' || prefix === 'L') close();
  }
  flush();
  if (orphans > 0) {
    b.warn(`${orphans} entity tag(s) continued no entity of their type and started a new one (first at ${name}:${firstOrphan})`);
  }
  return b.finish(opts.taskType === 'extraction' ? 'extraction' : 'ner');
}

const TOKEN = /\S+/g;

/**
 * CoNLL export of a span task: the text split on whitespace, one `token<TAB>tag` line per token,
 * IOB2 tags, a blank line between examples (ids are not written: CoNLL has no place for them).
 * IOB2 cannot represent overlapping spans: spans are taken by start, longest first, and a span
 * that overlaps one already taken is left out, so the outer (or first) span wins. A span that
 * starts or ends inside a token tags the whole token. Examples with no tokens are skipped.
 */
export function writeConll(task: Task, examples: readonly Example[]): string {
  if (!isSpanTask(task.type)) {
    throw new RulewrightError('BAD_INPUT', `CoNLL export needs a span task (ner or extraction), not ${task.type}; use --format jsonl or csv`);
  }
  const out: string[] = [];
  for (const ex of examples) {
    const text = ex.text ?? '';
    const kept: Span[] = [];
    const ordered = (ex.spans ?? []).slice().sort((a, b) => a.start - b.start || b.end - a.end);
    for (const s of ordered) {
      const last = kept[kept.length - 1];
      if (!last || s.start >= last.end) kept.push(s);
    }
    const lines: string[] = [];
    let k = 0;
    let begun = -1;
    for (const m of text.matchAll(TOKEN)) {
      const start = m.index;
      const end = start + m[0].length;
      while (k < kept.length && (kept[k] as Span).end <= start) k++;
      const s = kept[k];
      if (s && s.start < end) {
        lines.push(`${m[0]}\t${begun === k ? 'I' : 'B'}-${s.label}`);
        begun = k;
      } else lines.push(`${m[0]}\tO`);
    }
    if (lines.length > 0) out.push(lines.join('\n'));
  }
  return out.length > 0 ? `${out.join('\n\n')}\n` : '';
}
