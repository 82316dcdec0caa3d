import { useCallback, useState } from 'react';
import { useLatest } from './use-latest.js';

export interface Loaded<T> {
  readonly data: T | undefined;
  readonly error: string | undefined;
  /** Calls the service again (after a change) and redraws. */
  reload(): void;
}

/**
 * Reads from the service synchronously, during the first render, so a screen's first frame
 * already shows its data (reads are indexed SQLite queries; anything heavy is a job instead).
 * A thrown error becomes `error` for the screen's error panel instead of crashing the app.
 */
export function useLoader<T>(load: () => T): Loaded<T> {
  const latest = useLatest(load);
  const [state, setState] = useState(() => attempt(load));
  const reload = useCallback(() => setState(attempt(latest.current)), [latest]);
  return { ...state, reload };
}

function attempt<T>(load: () => T): { data: T | undefined; error: string | undefined } {
  try {
    return { data: load(), error: undefined };
  } catch (e) {
    return { data: undefined, error: errorText(e) };
  }
}

/** The message of a thrown value. */
export function errorText(e: unknown): string {
  return e instanceof Error ? e.message || e.name : String(e);
}
