import type { Command } from 'commander';
import { type CliContext, common, type CommonOptions } from '../context.js';
import { commandHint } from '../hint.js';

/** `use [NAME]`: set, or show, the dataset commands work on when `--dataset` is not given. */
export function register(program: Command, ctx: CliContext): void {
  common(program.command('use'))
    .argument('[name]', 'the dataset to make current (leave out to see the current one)')
    .description("make NAME the workspace's current dataset (used when --dataset is not given); without NAME, show it")
    .action(async (name: string | undefined, opts: CommonOptions) => {
      const result = await ctx.withWorkspace(opts, (ws) => {
        if (name !== undefined) ws.useDataset(name);
        return ws.currentDataset();
      });
      ctx.emit(opts, result, (out, r) => {
        if (!r.datasets.length) {
          out.line('No datasets yet: rulewright init --name NAME --type TYPE');
          return;
        }
        if (name !== undefined) out.line(`Now using ${out.c.bold(name)}: commands without --dataset work on it`);
        else if (r.current) out.line(`Using ${out.c.bold(r.current)}`);
        else out.line(`No current dataset: choose one with ${commandHint(['use', r.datasets[0]!.name], { '--db': opts.db })}`);
        out.table(
          r.datasets.map((d) => ({ ...d, current: d.name === r.current ? '*' : '' })),
          [{ key: 'current', header: '' }, { key: 'name' }, { key: 'type' }, { key: 'examples' }],
        );
      });
    });
}
