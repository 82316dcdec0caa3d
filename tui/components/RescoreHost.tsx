import { type MutableRefObject, type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useJob } from '../hooks/use-job.js';
import { type MetricsResult, type Rescore, RescoreContext } from '../hooks/use-rescore.js';
import { useServices, useShell } from '../hooks/use-services.js';
import { fmtMs, fmtNoun } from '../model/format.js';
import { measurePlan } from '../model/measure-plan.js';

export interface RescoreHostProps {
  /** Where the shell's global `m` key finds the start function. */
  readonly startRef: MutableRefObject<((why?: string) => void) | null>;
  /**
   * Re-measure by itself, on open and after a change, when examples × active rules is at most
   * this; false: only when asked (`m`, saving a pattern).
   */
  readonly autoMeasure: number | false;
  readonly children?: ReactNode;
}

/**
 * Runs the shared metrics job for the whole app (see useRescore) and says when it is done. Like
 * k9s, figures refresh by themselves: the stored metrics are measured on open and after each
 * change when that is cheap, while the screens keep showing the previous ones until it lands.
 */
export function RescoreHost({ startRef, autoMeasure, children }: RescoreHostProps) {
  const shell = useShell();
  const { dataset } = useServices();
  const [last, setLast] = useState<{ result: MetricsResult; generation: number } | null>(null);
  // The change a run measures, said again when it lands (so the footer still says what happened).
  const after = useRef('');
  const job = useJob('metrics', (r) => {
    setLast((l) => ({ result: r, generation: (l?.generation ?? 0) + 1 }));
    const done = `metrics recomputed for ${fmtNoun(r.rules, 'rule')} in ${fmtMs(r.elapsed_ms)}`;
    shell.notify(after.current ? `${after.current} · ${done}` : done);
  });
  const { start: startJob } = job;
  const run = useCallback(
    (why: string | undefined, what: string) => {
      after.current = what;
      if (why) shell.notify(why);
      startJob({});
    },
    [shell, startJob],
  );
  const start = useCallback((why?: string) => run(why, ''), [run]);
  const changed = useCallback(
    (what: string) => {
      const plan = measurePlan(dataset, autoMeasure, what);
      if (plan.run) run(plan.message, what);
      else if (plan.message) shell.notify(plan.message);
      return plan.run;
    },
    [dataset, autoMeasure, run, shell],
  );
  // On open: figures that are missing or old are measured before anyone presses m.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    changed('');
  }, [changed]);
  useLayoutEffect(() => {
    startRef.current = start;
    return () => {
      startRef.current = null;
    };
  }, [startRef, start]);
  const cheap = useCallback((work: number) => autoMeasure !== false && work <= autoMeasure, [autoMeasure]);
  const value = useMemo<Rescore>(
    () => ({ state: job.state, last: last?.result ?? null, generation: last?.generation ?? 0, start, changed, cheap }),
    [job.state, last, start, changed, cheap],
  );
  return <RescoreContext.Provider value={value}>{children}</RescoreContext.Provider>;
}
