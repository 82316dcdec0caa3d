import type { Command } from 'commander';
import { orNone } from '../../core/none.js';
import { LearnBudgetSeconds } from '../../core/schemas/learn-run.js';
import { DEFAULT_ROUNDS, MAX_ROUNDS, type LearnResult } from '../../service/index.js';
import { type CliContext, common, type CommonOptions, parse, usage } from '../context.js';
import { fmt, type Output } from '../output.js';
import { progressReporter } from '../progress.js';

interface LearnOptions extends CommonOptions {
  rounds?: number;
  incremental?: boolean;
  offline?: boolean;
  seed?: number;
  matchers?: string;
  budget?: number;
  minPrecision?: number;
  maxRules?: number;
  maxRulesPerLabel?: number;
  defaultLabel?: string;
}

function tokens(r: { prompt_tokens: number | null; completion_tokens: number | null }): number | null {
  return r.prompt_tokens === null || r.completion_tokens === null ? null : r.prompt_tokens + r.completion_tokens;
}

/** Where the run's changes were judged; a dev split too few to judge them only scores the stages. */
function judgedLine(split: LearnResult['split']): string {
  if (split.too_few) return `stages scored on dev (${fmt(split.dev)} examples, too few to judge changes on: cross-validation chose, and nothing was pruned)`;
  return `changes judged on ${split.judged_on}${split.judged_on === 'dev' ? ` (${fmt(split.dev)} examples)` : ''}`;
}

/** The ablation table and what changed, for people. */
export function renderLearn(out: Output, r: LearnResult): void {
  const by = r.proposer === 'llm' ? `the LLM (${r.model})` : 'the offline inducer';
  out.line(
    `${r.incremental ? 'Patched' : 'Learned'} rules for ${out.c.bold(r.dataset)} with ${by} in ${fmt(r.rounds_run)} refinement round${r.rounds_run === 1 ? '' : 's'} (learn run ${r.run_id})`,
  );
  out.line(`train ${fmt(r.split.train)} examples; ${judgedLine(r.split)}`);
  out.line();
  out.table(
    r.stages.map((s) => ({ ...s, tokens: tokens(s), cost: s.cost_usd })),
    [
      { key: 'stage' },
      { key: 'rules', align: 'right' },
      { key: 'precision', header: 'P', align: 'right' },
      { key: 'recall', header: 'R', align: 'right' },
      { key: 'f1', header: 'F1', align: 'right' },
      { key: 'llm_calls', header: 'LLM calls', align: 'right' },
      { key: 'tokens', align: 'right' },
      { key: 'cost', header: 'cost $', align: 'right', format: (v) => orNone(v as number | null, (x) => x.toFixed(4)) },
    ],
  );
  out.line();
  const x = r.rules;
  out.line(
    `rules in use: ${fmt(x.active)} (${fmt(x.added.length)} added, ${fmt(x.changed.length)} rewritten, ${fmt(x.disabled.length)} disabled; ` +
      `${fmt(x.proposed.length)} proposed but not accepted, ${fmt(x.rejected.length)} rejected by the checks)`,
  );
  renderRulesPerLabel(out, r.rules_per_label);
  for (const rej of x.rejected.slice(0, 5)) out.line(out.c.dim(`  rejected ${rej.id} (${rej.name}): ${rej.reason}`));
  if (x.rejected.length > 5) out.line(out.c.dim(`  … ${x.rejected.length - 5} more rejected (see \`rulewright rules list\`)`));
  if (r.feedback_applied.length) out.line(`feedback applied: ${r.feedback_applied.join(', ')}`);
  if (r.feedback_open.length) out.line(`feedback still open: ${r.feedback_open.map((f) => f.id).join(', ')} (why: the notes below)`);
  if (r.corrections.total) out.line(`corrections holding: ${fmt(r.corrections.holding)} of ${fmt(r.corrections.total)} (\`rulewright corrections list\`)`);
  renderCorrectionRules(out, r.correction_rules);
  if (r.proposer === 'llm') out.line(`LLM: ${fmt(r.llm.calls)} calls, ${fmt(tokens(r.llm))} tokens, cost ${r.llm.cost_usd === null ? 'unknown' : `$${r.llm.cost_usd.toFixed(4)}`}`);
  for (const e of r.decisions.filter((d) => d.action === 'error')) out.warn(e.reason);
  for (const n of r.notes) out.line(out.c.dim(`note: ${n}`));
}

/** Rules per label: how long a label's list is to review (`--max-rules-per-label` caps it). */
function renderRulesPerLabel(out: Output, p: LearnResult['rules_per_label']): void {
  if (!p.labels) return;
  const most = p.most.length ? `; most: ${p.most.map((m) => `${m.label} ${fmt(m.rules)}`).join(', ')}` : '';
  // A median of an even count can end in .5; fmt would print it as a ratio (2.500).
  const median = Number.isInteger(p.median) ? fmt(p.median) : p.median.toFixed(1);
  out.line(`rules per label: median ${median}, max ${fmt(p.max)} over ${fmt(p.labels)} label${p.labels === 1 ? '' : 's'}${most}`);
}

/** Each rule made for a correction, with the train texts of other labels it would take over. */
function renderCorrectionRules(out: Output, rules: LearnResult['correction_rules']): void {
  for (const k of rules) {
    const fires = `fires on ${fmt(k.right)} train text${k.right === 1 ? '' : 's'} of ${k.label}`;
    if (k.kept) out.line(`correction rule ${k.rule_id} (${k.name}) added: ${fires}, none of another label`);
    else if (!k.catches.length) out.line(`correction rule ${k.rule_id} (${k.name}) not added: ${k.reason}`);
    else {
      out.line(out.c.yellow(`correction rule ${k.rule_id} (${k.name}) not added: ${fires} and ${fmt(k.catches.length)} of other labels, which it would take over:`));
      for (const c of k.catches) out.line(`  ${c.id} (${c.label ?? 'no label'}) ${JSON.stringify(c.text)}`);
      out.line(out.c.dim(`  kept as proposed; \`rulewright rules enable ${k.rule_id}\` adds it anyway`));
    }
  }
}

/** `learn`: synthesize rules and refine them against dev. */
export function register(program: Command, ctx: CliContext): void {
  common(program.command('learn'))
    .description(
      'learn rules from the train split: with an LLM when OPENAI_API_KEY or OPENAI_BASE_URL is set, else with the offline inducer; ' +
        'refine them in rounds judged on dev (with none, a dev split is made first where it could judge: offline, where a fifth of the examples holds 97 texts and 30 of each label, or past 10,000 examples); prune what hurts',
    )
    .option('--rounds <n>', `refinement rounds after synthesis (default ${DEFAULT_ROUNDS}, at most ${MAX_ROUNDS})`, parse.wholeNumber('--rounds'))
    .option('--incremental', 'patch only the rules and labels that open feedback and open corrections (those that do not hold) target; leave the rest untouched')
    .option('--offline', 'use the offline inducer even when an LLM is configured')
    .option('--seed <n>', 'seed of the dev split made when there is none, and of the inducer', parse.wholeNumber('--seed'))
    .option('--matchers <file>', 'a JS module registering the custom matchers the task config names (as for eval)')
    .option('--budget <seconds>', 'offline: wall-clock budget of the inducer (default 90, at most 86400); when it runs out, the summary says so', parse.bySchema('--budget', LearnBudgetSeconds))
    .option('--min-precision <p>', 'offline: lowest train precision of a learned rule, 0 to 1 (default: none; the rule list is cut where held-out F1 is best)', parse.fraction('--min-precision'))
    .option('--max-rules <n>', 'offline: at most this many rules, counted as merged; those that add least go (default 10000 for classification, 1000 otherwise)', parse.wholeNumber('--max-rules'))
    .option('--max-rules-per-label <n>', 'offline: at most this many rules of one label, counted as merged; those that add least go: train F1 judges classification rules, dev F1 span and field rules (default 200)', parse.wholeNumber('--max-rules-per-label'))
    .option('--default-label <label>', 'offline classification: end the list with a default rule giving this label to every text no other rule labels (default: the most frequent label, only where held-out F1 shows it helps)')
    .addHelpText('after', '\nExamples:\n  rulewright learn --offline\n  rulewright learn --offline --budget 30 --max-rules 300\n  rulewright learn --offline --min-precision 0.9   # fewer, more precise rules\n  rulewright learn --offline --max-rules-per-label 10   # a short list per label to review\n  rulewright learn --offline --default-label ham   # ham for every text no rule labels\n  rulewright learn --incremental                  # patch what feedback and corrections target')
    .action(async (opts: LearnOptions) => {
      if (opts.rounds !== undefined && opts.rounds > MAX_ROUNDS) throw usage(`--rounds must be at most ${MAX_ROUNDS}`);
      const progress = !opts.json && !!ctx.io.stderr.isTTY;
      // One bar for the inducer's covering; a stage message ends it, so lines never land on a half-drawn bar.
      const bar = progressReporter(ctx.io, opts.json, 'learning rules');
      const result = await ctx.withDataset(opts, (d) =>
        d.learn({
          rounds: opts.rounds,
          incremental: !!opts.incremental,
          offline: !!opts.offline,
          seed: opts.seed,
          budget: opts.budget,
          minPrecision: opts.minPrecision,
          maxRules: opts.maxRules,
          maxRulesPerLabel: opts.maxRulesPerLabel,
          defaultLabel: opts.defaultLabel,
          onProgress: (p) => bar.update(p),
          onWait: (note) => ctx.out.warn(note),
          ...(progress
            ? {
                onEvent: (e) => {
                  bar.stop();
                  ctx.io.stderr.write(`learn: ${e.stage}: ${e.message}\n`);
                },
              }
            : {}),
        }).finally(() => bar.stop()),
      );
      ctx.emit(opts, result, renderLearn);
    });
}
