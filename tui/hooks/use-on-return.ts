import { useEffect, useRef } from 'react';

/**
 * Calls `onReturn` when the screen becomes active again (back from a screen it opened, where
 * its data may have changed), not when it is first shown.
 */
export function useOnReturn(active: boolean, onReturn: () => void): void {
  const wasActive = useRef(active);
  useEffect(() => {
    if (active && !wasActive.current) onReturn();
    wasActive.current = active;
  }, [active]);
}
