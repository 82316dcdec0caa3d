import type { Command } from 'commander';
import { type CliContext, common, type CommonOptions } from '../context.js';
import { clip } from '../output.js';

/** `datasets`: the datasets of the workspace. */
export function register(program: Command, ctx: CliContext): void {
  common(program.command('datasets'))
    .description('list the datasets in the workspace')
    .action(async (opts: CommonOptions) => {
      const datasets = await ctx.withWorkspace(opts, (ws) => ws.listDatasets());
      ctx.emit(opts, { datasets }, (out, r) => {
        if (!r.datasets.length) {
          out.line('No datasets yet: rulewright init --name NAME --type TYPE');
          return;
        }
        out.table(r.datasets, [
          { key: 'name' },
          { key: 'type' },
          { key: 'examples' },
          { key: 'labels', format: (v) => clip((v as string[]).join(', '), 50) },
          { key: 'description', max: 40 },
        ]);
      });
    });
}
