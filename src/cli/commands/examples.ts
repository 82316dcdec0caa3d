import type { Command } from 'commander';
import { ExampleSource, Split, type Example } from '../../core/schemas/example.js';
import { choice, type CliContext, common, type CommonOptions, parse } from '../context.js';
import { fmt, type Output, plural } from '../output.js';

interface ListOptions extends CommonOptions {
  split?: Split;
  label?: string;
  source?: ExampleSource;
  limit: number;
  offset?: number;
}

/** One line summary of an example's gold answer. */
function answerSummary(e: Example): string {
  if (e.spans) return e.spans.length ? e.spans.map((s) => s.label).join(' ') : '(no spans)';
  if (e.label !== undefined) return e.label ?? '(none)';
  if (e.output) return Object.keys(e.output).join(', ');
  return '';
}

const inputOf = (e: Example) => e.text ?? JSON.stringify(e.input ?? {});

/** `examples list` and `examples show ID`. */
export function register(program: Command, ctx: CliContext): void {
  const examples = program.command('examples').description('list or show examples');

  common(examples.command('list'))
    .description('list examples in import order')
    .addOption(choice('--split <split>', 'only this split', Split.options))
    .addOption(choice('--source <source>', 'only this source', ExampleSource.options))
    .option('--label <label>', 'only examples with this class, span label or output field')
    .option('--limit <n>', 'at most this many (0: all)', parse.wholeNumber('--limit'), 20)
    .option('--offset <n>', 'skip this many first', parse.wholeNumber('--offset'))
    .action(async (opts: ListOptions) => {
      const result = await ctx.withDataset(opts, (d) =>
        d.listExamples({
          split: opts.split,
          source: opts.source,
          label: opts.label,
          ...(opts.limit > 0 ? { limit: opts.limit } : {}),
          offset: opts.offset,
        }),
      );
      ctx.emit(opts, result, (out, r) => {
        out.table(
          r.examples.map((e) => ({ id: e.id, split: e.split, source: e.source, answer: answerSummary(e), input: inputOf(e) })),
          [{ key: 'id' }, { key: 'split' }, { key: 'source' }, { key: 'answer', max: 30, fit: 'narrow', min: 12 }, { key: 'input', max: 70, fit: 'narrow', min: 20 }],
        );
        const shown = r.examples.length;
        if (shown < r.total) out.line(out.c.dim(`${fmt(r.offset + 1)}–${fmt(r.offset + shown)} of ${fmt(r.total)} (use --offset and --limit for more)`));
        else out.line(out.c.dim(plural(r.total, 'example')));
      });
    });

  common(examples.command('show'))
    .description('show one example with its gold answer')
    .argument('<id>', 'example id')
    .action(async (id: string, opts: CommonOptions) => {
      const example = await ctx.withDataset(opts, (d) => d.getExample(id));
      ctx.emit(opts, example, showExample);
    });
}

function showExample(out: Output, e: Example): void {
  out.kv([
    ['id', e.id],
    ['split', e.split],
    ['source', e.source],
    ...(e.annotated ? ([['annotated', e.annotated.join(', ')]] as const) : []),
  ]);
  if (e.text !== undefined) {
    out.line();
    out.line(e.spans?.length ? highlight(out, e.text, e.spans) : e.text);
  }
  if (e.input) {
    out.line();
    out.line(out.c.bold('input'));
    out.line(JSON.stringify(e.input, null, 2));
  }
  if (e.label !== undefined) {
    out.line();
    out.kv([['label', e.label ?? '(none)']]);
  }
  if (e.spans?.length) {
    out.line();
    out.table(
      e.spans.map((s) => ({ start: s.start, end: s.end, label: s.label, text: e.text?.slice(s.start, s.end) ?? s.text ?? '' })),
      [{ key: 'start' }, { key: 'end' }, { key: 'label' }, { key: 'text', max: 60 }],
    );
  }
  if (e.output) {
    out.line();
    out.line(out.c.bold('output'));
    out.line(JSON.stringify(e.output, null, 2));
  }
  if (e.truth) {
    out.line();
    out.line(out.c.bold('truth'));
    out.line(JSON.stringify(e.truth, null, 2));
  }
  if (e.meta) {
    out.line();
    out.line(out.c.dim(`meta: ${JSON.stringify(e.meta)}`));
  }
}

/** The text with gold spans marked `[text]LABEL` (underlined when colour is on). */
function highlight(out: Output, text: string, spans: NonNullable<Example['spans']>): string {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  let res = '';
  let pos = 0;
  for (const s of sorted) {
    if (s.start < pos) continue; // overlapping spans are listed in the table below
    res += text.slice(pos, s.start) + out.c.underline(`[${text.slice(s.start, s.end)}]`) + out.c.cyan(s.label);
    pos = s.end;
  }
  return res + text.slice(pos);
}
