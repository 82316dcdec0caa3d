import { useCallback, useState } from 'react';
import { useShell } from './use-services.js';

/**
 * useState whose value survives the screen being closed and opened again (sort order,
 * filters), kept by the shell under `key` for the life of the app.
 */
export function useSessionState<T>(key: string, initial: T | (() => T)): [T, (next: T | ((prev: T) => T)) => void] {
  const { session } = useShell();
  const [value, setValue] = useState<T>(() =>
    session.has(key) ? (session.get(key) as T) : typeof initial === 'function' ? (initial as () => T)() : initial,
  );
  const set = useCallback(
    (next: T | ((prev: T) => T)) => {
      setValue((prev) => {
        const v = typeof next === 'function' ? (next as (p: T) => T)(prev) : next;
        session.set(key, v);
        return v;
      });
    },
    [key, session],
  );
  return [value, set];
}
