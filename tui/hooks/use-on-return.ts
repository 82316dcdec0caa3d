import { useEffect, useRef } from 'react';
import { useLatest } from './use-latest.js';

/**
 * Calls `onReturn` when the screen becomes active again (back from a screen it opened, where
 * its data may have changed), not when it is first shown.
 */
export function useOnReturn(active: boolean, onReturn: () => void): void {
  const wasActive = useRef(active);
  const latest = useLatest(onReturn);
  useEffect(() => {
    if (active && !wasActive.current) latest.current();
    wasActive.current = active;
  }, [active, latest]);
}
