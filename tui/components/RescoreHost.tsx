import { type MutableRefObject, type ReactNode, useCallback, useLayoutEffect, useMemo, useState } from 'react';
import { useJob } from '../hooks/use-job.js';
import { type MetricsResult, type Rescore, RescoreContext } from '../hooks/use-rescore.js';
import { useShell } from '../hooks/use-services.js';
import { fmtMs } from '../model/format.js';

export interface RescoreHostProps {
  /** Where the shell's global `m` key finds the start function. */
  readonly startRef: MutableRefObject<((why?: string) => void) | null>;
  readonly children?: ReactNode;
}

/** Runs the shared metrics job for the whole app (see useRescore) and says when it is done. */
export function RescoreHost({ startRef, children }: RescoreHostProps) {
  const shell = useShell();
  const [last, setLast] = useState<{ result: MetricsResult; generation: number } | null>(null);
  const job = useJob('metrics', (r) => {
    setLast((l) => ({ result: r, generation: (l?.generation ?? 0) + 1 }));
    shell.notify(`metrics recomputed for ${r.rules} rules in ${fmtMs(r.elapsed_ms)}`);
  });
  const { start: startJob } = job;
  const start = useCallback(
    (why?: string) => {
      if (why) shell.notify(why);
      startJob({});
    },
    [shell, startJob],
  );
  useLayoutEffect(() => {
    startRef.current = start;
    return () => {
      startRef.current = null;
    };
  }, [startRef, start]);
  const value = useMemo<Rescore>(() => ({ state: job.state, last: last?.result ?? null, generation: last?.generation ?? 0, start }), [job.state, last, start]);
  return <RescoreContext.Provider value={value}>{children}</RescoreContext.Provider>;
}
