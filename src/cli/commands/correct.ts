import type { Command } from 'commander';
import type { CorrectionResult } from '../../service/index.js';
import { type CliContext, common, type CommonOptions, usage } from '../context.js';
import type { Output } from '../output.js';

interface CorrectOptions extends CommonOptions {
  example?: string;
  text?: string;
  expectedLabel?: string;
  expectedSpans?: string;
  expectedOutput?: string;
  note?: string;
  moveToTrain?: boolean;
}

function parseJson(flag: string, raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch (e) {
    throw usage(`${flag} is not valid JSON (${(e as Error).message}); quote it for the shell, e.g. ${flag} '[{"text":"Ann","label":"PER"}]'`);
  }
}

function render(out: Output, r: CorrectionResult): void {
  const c = r.correction;
  out.line(`Recorded correction ${out.c.bold(c.id)}${c.example_id ? ` of example ${c.example_id}` : ''} in ${r.dataset}; it trains as example ${r.example_id}`);
  out.kv([
    ['produced', JSON.stringify(c.produced)],
    ['expected', JSON.stringify(c.expected)],
    ...(c.note ? ([['note', c.note]] as const) : []),
  ]);
  if (r.moved) {
    const { from, splits_before: b, splits_after: a } = r.moved;
    out.line(`Moved example ${out.c.bold(r.moved.example_id)} from ${from} to train: train ${b.train} → ${a.train}, dev ${b.dev} → ${a.dev}, test ${b.test} → ${a.test}`);
  }
  for (const n of r.notes) if (!r.moved || !n.startsWith('moved example')) out.line(out.c.dim(`note: ${n}`));
}

/** `correct`: record what the rules got wrong and what was expected. */
export function register(program: Command, ctx: CliContext): void {
  common(program.command('correct'))
    .description('record a correction: what the rules produce for an example or a text, what was expected, and a note; it becomes a training example')
    .option('--example <id>', 'the example to correct')
    .option('--text <text>', 'a text to correct (span and classification tasks)')
    .option('--expected-label <label>', 'classification: the right label ("" for none)')
    .option('--expected-spans <json>', 'span tasks: the right spans as JSON, [{"start","end","label"}] or [{"text","label"}] ([] for none)')
    .option('--expected-output <json>', 'transformation: the right output record as JSON')
    .option('--note <text>', 'why, in plain English')
    .option('--move-to-train', 'correct a dev or test example: move it to train first (held-out examples are refused without it)')
    .action(async (opts: CorrectOptions) => {
      if ((opts.example === undefined) === (opts.text === undefined)) throw usage('say what to correct: --example ID or --text "…" (one of them)');
      const spans = opts.expectedSpans !== undefined ? parseJson('--expected-spans', opts.expectedSpans) : undefined;
      const output = opts.expectedOutput !== undefined ? parseJson('--expected-output', opts.expectedOutput) : undefined;
      if (output !== undefined && (output === null || typeof output !== 'object' || Array.isArray(output)))
        throw usage('--expected-output must be a JSON object, e.g. {"total": "12.50"}');
      const result = await ctx.withDataset(opts, (d) =>
        d.correct({
          exampleId: opts.example,
          text: opts.text,
          expectedLabel: opts.expectedLabel,
          expectedSpans: spans,
          expectedOutput: output as Record<string, unknown> | undefined,
          note: opts.note,
          moveToTrain: !!opts.moveToTrain,
        }),
      );
      for (const w of result.warnings) ctx.out.warn(w);
      ctx.emit(opts, result, render);
    });
}
