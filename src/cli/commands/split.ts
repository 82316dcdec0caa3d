import type { Command } from 'commander';
import { DEFAULT_SEED } from '../../service/index.js';
import { type CliContext, common, type CommonOptions, parse } from '../context.js';
import { plural } from '../output.js';

interface SplitOptions extends CommonOptions {
  dev: number;
  test?: number;
  seed?: number;
}

/** `split`: a seeded, stratified train/dev(/test) split. */
export function register(program: Command, ctx: CliContext): void {
  common(program.command('split'))
    .description('seeded, stratified train/dev(/test) split; corrections stay in train; near-duplicate texts go to one split together; without --test an imported test set is kept')
    .requiredOption('--dev <fraction>', 'share of examples for dev, e.g. 0.2', parse.fraction('--dev'))
    .option('--test <fraction>', 'share for test (re-splits everything, test included)', parse.fraction('--test'))
    .option('--seed <n>', `random seed (default ${DEFAULT_SEED})`, parse.wholeNumber('--seed'))
    .action(async (opts: SplitOptions) => {
      const result = await ctx.withDataset(opts, (d) => d.split({ dev: opts.dev, test: opts.test, seed: opts.seed }));
      ctx.emit(opts, result, (out, r) => {
        out.line(`Split ${out.c.bold(r.dataset)} with seed ${r.seed}: ${plural(r.changed, 'example')} moved`);
        if (r.kept_test) out.line(`kept ${plural(r.kept_test, 'test example')} as they were (pass --test to re-split them)`);
        if (r.locked) out.line(`${plural(r.locked, 'correction stays', 'corrections stay')} in train`);
        const nd = r.near_duplicates;
        // Windows of one document in train and test would score text train has.
        if (nd.groups) out.line(`${plural(nd.groups, 'group')} of near-duplicate texts (${plural(nd.examples, 'example')}) each went to one split`);
        out.table([r.splits], [
          { key: 'train', align: 'right' },
          { key: 'dev', align: 'right' },
          { key: 'test', align: 'right' },
        ]);
      });
    });
}
