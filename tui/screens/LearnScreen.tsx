import { Box, Text } from 'ink';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { LlmActivity } from '../../src/service/index.js';
import { Bar } from '../components/Bar.js';
import { Spinner } from '../components/Spinner.js';
import { Tone } from '../components/Tone.js';
import { type LearnProgress, patchCounts } from '../data/learn.js';
import { useJob } from '../hooks/use-job.js';
import { useRescore } from '../hooks/use-rescore.js';
import { useKeys } from '../hooks/use-keys.js';
import { errorText } from '../hooks/use-loader.js';
import { useServices, useShell } from '../hooks/use-services.js';
import { fit, fmtMs, fmtNoun, fmtRatio } from '../model/format.js';
import { actionFor } from '../keymap.js';
import type { ScreenProps } from './screen-props.js';

interface Options {
  readonly rounds: number;
  readonly incremental: boolean;
  readonly offline: boolean;
}

/**
 * Starts a learning round in the background and shows it live: the loop's events as they come,
 * patches accepted and rejected, LLM calls; when it ends, F1 by stage (synthesis, each round,
 * pruning) and what changed in the rules.
 */
/** How often the LLM call counter is read while a run works. */
const POLL_MS = 500;

export function LearnScreen({ active, width, height }: ScreenProps) {
  const { dataset } = useServices();
  const shell = useShell();
  const [calls, setCalls] = useState<LlmActivity | null>(null);
  const since = useRef(0);
  const [opts, setOpts] = useState<Options>({ rounds: 2, incremental: false, offline: false });
  // Whether this run would read plain-English feedback (only an LLM does), said before it starts.
  const offline = opts.offline;
  const feedbackNote = useMemo(() => dataset.learningMode({ offline }).note, [dataset, offline]);
  const rescore = useRescore();
  const job = useJob('learn', (r) => rescore.changed(`learn run ${r.run_id}: ${r.rules.added.length} added, ${r.rules.changed.length} changed`));

  useKeys((input, key) => {
    if (job.state.status === 'running') {
      if (actionFor('learn', input, key) === 'stop') job.cancel();
      return;
    }
    const action = actionFor('learn', input, key);
    if (action === 'start') {
      try {
        since.current = dataset.llmActivity().last_id;
      } catch (e) {
        shell.notify(`cannot count LLM calls: ${errorText(e)}`);
      }
      setCalls(null);
      return job.start({ ...opts });
    }
    if (action === 'rounds') setOpts((o) => ({ ...o, rounds: input === '-' ? Math.max(0, o.rounds - 1) : Math.min(20, o.rounds + 1) }));
    else if (action === 'incremental') setOpts((o) => ({ ...o, incremental: !o.incremental }));
    else if (action === 'offline') setOpts((o) => ({ ...o, offline: !o.offline }));
  }, active);

  // The run records every LLM call as it happens; count them from the store while it works.
  // The elapsed time ticks with the same timer, so rendering never reads the clock.
  const started = job.state.status === 'running' ? job.state.started : null;
  const [clock, setClock] = useState({ started: 0, ms: 0 });
  useEffect(() => {
    if (started === null) return;
    const read = () => {
      setClock({ started, ms: Date.now() - started });
      try {
        setCalls(dataset.llmActivity({ afterId: since.current }));
      } catch {
        // A busy or closed workspace: the next tick tries again.
      }
    };
    const t = setInterval(read, POLL_MS);
    return () => {
      clearInterval(t);
      read();
    };
  }, [started, dataset]);

  const state = job.state;
  const log = (state.status === 'idle' ? [] : state.log) as readonly LearnProgress[];
  const accepted = log.filter((e) => /\baccepted\b/.test(e.message) && !/\bnot accepted\b/.test(e.message)).length;
  const rejected = log.filter((e) => /\bnot accepted\b/.test(e.message)).length;
  const result = state.status === 'done' ? state.result : null;
  const patches = patchCounts(result?.decisions ?? []);
  const stageRows = result?.stages ?? [];
  const logHeight = Math.max(2, height - 6 - (feedbackNote ? 1 : 0) - (stageRows.length ? stageRows.length + 2 : 0));
  const barWidth = Math.max(8, Math.min(30, width - 60));

  return (
    <Box flexDirection="column" height={height}>
      <Text wrap="truncate">
        <Tone tone="title">Learn</Tone> rounds <Tone tone="key">{String(opts.rounds)}</Tone> · incremental {opts.incremental ? 'on' : 'off'} · offline{' '}
        {opts.offline ? 'on' : 'off (LLM when OPENAI_API_KEY/OPENAI_BASE_URL is set)'}
      </Text>
      {feedbackNote ? (
        <Tone tone="warn" wrap="truncate">
          {feedbackNote}
        </Tone>
      ) : null}
      <Box height={1}>
        {state.status === 'running' ? (
          <Spinner
            label={`learning… ${fmtMs(clock.started === state.started ? clock.ms : 0)} · LLM calls ${calls?.calls ?? 0}${calls?.errors ? ` (${calls.errors} failed)` : ''} · ${accepted} accepted · ${rejected} not accepted · x stops`}
          />
        ) : state.status === 'failed' ? (
          <Tone tone="bad">{`learning failed: ${state.error}`}</Tone>
        ) : result ? (
          <Text wrap="truncate">
            <Tone tone="good">{`run ${result.run_id} done in ${fmtMs(result.elapsed_ms)}`}</Tone> · {result.proposer}
            {result.model ? ` (${result.model})` : ''} · {fmtNoun(result.rounds_run, 'round')} · LLM calls {result.llm.calls}
            {result.llm.calls ? ` · tokens ${result.llm.prompt_tokens + result.llm.completion_tokens}` : ''}
            {result.llm.cost_usd ? ` · $${result.llm.cost_usd.toFixed(4)}` : ''}
          </Text>
        ) : (
          <Tone tone="muted">press enter to start a round (it runs in the background; the other screens stay usable)</Tone>
        )}
      </Box>
      {result ? (
        <Text wrap="truncate">
          patches: <Tone tone="good">{`${patches.accepted} accepted`}</Tone> · <Tone tone="bad">{`${patches.rejected} rejected`}</Tone> · rules: {result.rules.added.length} added, {result.rules.changed.length}{' '}
          changed, {result.rules.disabled.length} disabled, {result.rules.rejected.length} rejected · {result.rules.active} active
        </Text>
      ) : (
        <Text> </Text>
      )}
      {stageRows.length ? (
        <Box flexDirection="column">
          <Tone tone="title">{`${fit('stage', 16)} ${'rules'.padStart(5)} ${'P'.padStart(5)} ${'R'.padStart(5)} ${'F1'.padStart(5)}  F1 by stage`}</Tone>
          {stageRows.map((s) => (
            <Text key={s.stage} wrap="truncate">
              {fit(s.stage, 16)} {String(s.rules).padStart(5)} {fmtRatio(s.precision).padStart(5)} {fmtRatio(s.recall).padStart(5)} {fmtRatio(s.f1).padStart(5)}{' '}
              <Bar value={s.f1} width={barWidth} />
            </Text>
          ))}
          <Text> </Text>
        </Box>
      ) : null}
      <Tone tone="muted">events</Tone>
      <Box flexDirection="column" height={logHeight} overflow="hidden">
        {log.slice(-logHeight).map((e, i) => (
          <Text key={i} wrap="truncate">
            <Tone tone="accent">{fit(e.stage, 12)}</Tone> {e.message}
          </Text>
        ))}
        {!log.length ? <Tone tone="muted">none yet</Tone> : null}
      </Box>
    </Box>
  );
}
