import type { Command } from 'commander';
import { type CliContext, common, type CommonOptions } from '../context.js';
import { fmt, plural } from '../output.js';

/** `stats`: counts per split, source and label. */
export function register(program: Command, ctx: CliContext): void {
  common(program.command('stats'))
    .description('counts of examples and spans per split, source and label')
    .action(async (opts: CommonOptions) => {
      const stats = await ctx.withDataset(opts, (d) => d.stats());
      ctx.emit(opts, stats, (out, s) => {
        const spans = s.spans === null ? '' : `, ${plural(s.spans, 'span')}`;
        out.line(`${out.c.bold(s.dataset)} (${s.type}): ${plural(s.examples, 'example')}${spans}, ${plural(s.label_count, 'label')}`);
        out.line(
          `sources: gold ${fmt(s.sources.gold)} · correction ${fmt(s.sources.correction)} · observed ${fmt(s.sources.observed)}` +
            (s.unlabeled ? ` · ${fmt(s.unlabeled)} with an empty answer` : ''),
        );
        out.line(out.c.dim(`dataset hash ${s.dataset_hash.slice(0, 16)}`));
        out.line();
        const splits = (['train', 'dev', 'test'] as const).map((k) => ({
          split: k,
          examples: s.by_split[k].examples,
          spans: s.by_split[k].spans,
          unlabeled: s.by_split[k].unlabeled,
        }));
        out.table(splits, [{ key: 'split' }, { key: 'examples' }, ...(s.spans === null ? [] : [{ key: 'spans' as const }]), { key: 'unlabeled' }]);
        out.line();
        const unit = s.label_unit === 'spans' ? 'spans' : 'examples';
        out.table(
          Object.entries(s.labels).map(([label, n]) => ({
            label,
            [unit]: n,
            train: s.by_split.train.labels[label] ?? 0,
            dev: s.by_split.dev.labels[label] ?? 0,
            test: s.by_split.test.labels[label] ?? 0,
          })) as Record<string, string | number>[],
          [{ key: 'label' }, { key: unit, align: 'right' }, { key: 'train', align: 'right' }, { key: 'dev', align: 'right' }, { key: 'test', align: 'right' }],
        );
      });
    });
}
