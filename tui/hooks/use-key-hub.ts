import { type Key } from 'ink';
import { useMemo, useRef } from 'react';
import type { KeyEntry, KeyHub } from './use-keys.js';

/** The app's key dispatcher, and how a key reaches every screen or dialog that takes keys now. */
export function useKeyHub(): { readonly hub: KeyHub; readonly handOut: (input: string, key: Key) => void } {
  const entries = useRef<KeyEntry[]>([]);
  const hub = useMemo<KeyHub>(
    () => ({
      register: (e) => {
        entries.current.push(e);
        return () => {
          entries.current = entries.current.filter((x) => x !== e);
        };
      },
    }),
    [],
  );
  const handOut = (input: string, key: Key) => {
    for (const e of [...entries.current]) if (e.current.active) e.current.handler(input, key);
  };
  return { hub, handOut };
}
