import { compileScorer, type Scorer } from '../core/eval/scorer.js';
import { prefetchVerdicts } from '../core/matchers/verdict-cache.js';
import type { ScoredRun } from '../core/metrics/scored-run.js';
import type { MeasureRunConfig } from '../core/schemas/run.js';
import type { DatasetContext } from './dataset-context.js';
import type { MatcherModuleInfo } from './matchers-module.js';
import { type MeasureRequest, measureNotes, measureRunConfig } from './measuring.js';
import { type PipelineResult, runPipeline } from './pipeline.js';

/** One pipeline run held in memory for per-rule analysis: the pipeline's result and what the pure metrics core works from. */
export interface AnalysisRun {
  pipeline: PipelineResult;
  run: ScoredRun;
  /** A scorer that collects outcomes (for samples). */
  sampleScorer: Scorer;
  matchersModule: MatcherModuleInfo | null;
  notes: string[];
}

/**
 * Runs the active rules once through the pipeline (split default: dev, else all), with a quiet
 * scorer, and holds every rule's outputs so rank, prune and the report can re-resolve them per
 * rule. `analysis` is what will score predictions beyond the pipeline's own (solo,
 * leave-one-out): with an asynchronous matcher (LLM judge, remote embedder) it runs first in
 * collecting mode, so every verdict it needs is fetched before the synchronous pass.
 */
export async function analysisRun(ctx: DatasetContext, req: MeasureRequest, analysis?: (m: AnalysisRun) => unknown, purpose: 'measure' | 'prune' = 'measure'): Promise<AnalysisRun> {
  const loaded = ctx.matchers;
  const pipeline = await runPipeline(ctx, {
    split: req.split,
    purpose,
    outcomes: false,
    context: req.context,
    onProgress: req.onProgress,
  });
  const scorer = pipeline.scorer;
  const sampleScorer = compileScorer(pipeline.task, {
    ...req.context,
    registry: loaded?.registry,
    ...(scorer.ctx.verdicts ? { verdicts: scorer.ctx.verdicts } : {}),
    ...(scorer.ctx.patterns ? { patterns: scorer.ctx.patterns } : {}),
    mode: scorer.mode,
    outcomes: true,
  });
  const m: AnalysisRun = {
    pipeline,
    run: { outputs: pipeline.outputs, examples: pipeline.examples, scorer },
    sampleScorer,
    matchersModule: loaded?.module ?? null,
    notes: measureNotes(pipeline),
  };
  if (analysis && scorer.needsAsync && scorer.ctx.verdicts) await prefetchVerdicts(scorer.ctx.verdicts, () => void analysis(m));
  return m;
}

/** The config recorded with a rank or prune run measured by `m` (prune adds its options). */
export function analysisConfig(m: AnalysisRun): MeasureRunConfig;
export function analysisConfig<E extends object>(m: AnalysisRun, extra: E): MeasureRunConfig & E;
export function analysisConfig(m: AnalysisRun, extra: object = {}): MeasureRunConfig {
  return measureRunConfig(m.pipeline, m.run.scorer.mode, m.matchersModule, extra);
}
