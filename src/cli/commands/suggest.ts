import type { Command } from 'commander';
import type { RuleResult, Suggestion, SuggestResult } from '../../service/index.js';
import { type CliContext, common, type CommonOptions, parse, usage } from '../context.js';
import { commandHint } from '../hint.js';
import { type Output, plural, ratio } from '../output.js';

interface SuggestOptions extends CommonOptions {
  example?: string;
  span?: string;
  label?: string;
  limit?: number;
  accept?: number;
}

/** `--span 12:18` as character offsets. */
function spanOf(raw: string | undefined): { start: number; end: number } | undefined {
  if (raw === undefined) return undefined;
  const m = /^(\d+):(\d+)$/.exec(raw);
  if (!m || Number(m[1]) >= Number(m[2])) throw usage(`--span takes START:END character offsets with START < END, e.g. --span 12:18, not "${raw}"`);
  return { start: Number(m[1]), end: Number(m[2]) };
}

const change = (s: Suggestion): string => (s.dev && s.dev.before !== null && s.dev.after !== null ? `${s.dev.after - s.dev.before >= 0 ? '+' : ''}${(s.dev.after - s.dev.before).toFixed(3)}` : '-');

function render(out: Output, r: SuggestResult, opts: SuggestOptions): void {
  out.line(`${out.c.bold(r.example_id)} → ${r.label}: ${JSON.stringify(r.text)}`);
  out.line();
  out.table(
    r.suggestions.map((s) => ({ ...s, fires: s.train.fires, right: s.train.right, precision: s.train.precision, coverage: s.train.coverage, gain: s.train.gain, others: s.catches.length, dev: change(s) })),
    [
      { key: 'rank', header: '#', align: 'right', fit: 'keep' },
      { key: 'name', max: 60, fit: 'narrow', cut: 'middle', min: 20 },
      { key: 'gain', header: 'train gain', align: 'right', fit: 'keep' },
      { key: 'right', align: 'right', fit: 'keep' },
      { key: 'fires', align: 'right', fit: 'keep' },
      { key: 'precision', header: 'P', align: 'right', format: ratio, fit: 'keep' },
      { key: 'coverage', header: 'label share', align: 'right', format: ratio },
      { key: 'others', header: 'other labels', align: 'right', fit: 'keep' },
      { key: 'dev', header: 'dev F1 Δ', align: 'right', fit: 'keep' },
    ],
  );
  const first = r.suggestions.find((s) => s.catches.length);
  if (first) out.line(out.c.dim(`#${first.rank} would also take ${first.catches.slice(0, 2).map((c) => `${c.id} (${c.label}) ${JSON.stringify(c.text)}`).join(', ')}`));
  for (const n of r.notes) out.line(out.c.dim(`note: ${n}`));
  if (r.suggestions.length) out.line(`Add one with ${commandHint(['suggest', '--example', r.example_id, ...(opts.span ? ['--span', opts.span] : []), ...(opts.label ? ['--label', opts.label] : []), '--accept', '1'], { '--db': opts.db, '--dataset': opts.dataset })}`);
  out.line(out.c.dim(`${plural(r.suggestions.length, 'suggestion')} in ${r.elapsed_ms} ms`));
}

/** `suggest`: rules made from an example's own words that would give it its label. */
export function register(program: Command, ctx: CliContext): void {
  common(program.command('suggest'))
    .description('suggest rules that would give a train example its label, or extract a span of it (--span S:E), ranked by train precision, with what each catches and its dev F1 change; --accept N adds one')
    .requiredOption('--example <id>', 'the train example to make rules for')
    .option('--span <start:end>', 'span tasks: the span to extract, as character offsets into the example\'s text')
    .option('--label <label>', 'the label the rule should give (default: the example\'s own, or the gold span\'s at --span)')
    .option('--limit <n>', 'most suggestions to show (default 8)', parse.atLeastOne('--limit'))
    .option('--accept <n>', 'add suggestion N as an active rule above the others', parse.atLeastOne('--accept'))
    .action(async (opts: SuggestOptions) => {
      const { limit, accept: rank } = opts;
      const span = spanOf(opts.span);
      const req = { exampleId: opts.example!, ...(opts.label !== undefined ? { label: opts.label } : {}), ...(limit ? { limit } : {}), ...(span ? { span } : {}) };
      if (rank !== undefined) {
        const added = await ctx.withDataset(opts, (d) => d.acceptSuggestion({ ...req, rank }));
        ctx.emit(opts, added, (out, r: RuleResult & { suggestion: Suggestion }) => {
          out.line(`Added rule ${out.c.bold(r.rule.id)} (${r.rule.name}) above the others in ${r.dataset}: right on ${r.suggestion.train.right} of ${r.suggestion.train.fires} train texts it fires on`);
          out.line(out.c.dim(`undo with ${commandHint(['rules', 'delete', r.rule.id], { '--db': opts.db, '--dataset': opts.dataset })}`));
        });
        return;
      }
      const result = await ctx.withDataset(opts, (d) => d.suggest(req));
      ctx.emit(opts, result, (out, r) => render(out, r, opts));
    });
}
