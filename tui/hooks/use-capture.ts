import { useId, useLayoutEffect } from 'react';
import { useShell } from './use-services.js';

/**
 * Tells the shell that this screen takes every key while `on` (a text field has focus), so
 * typing q or ? edits the text instead of quitting or opening help. A layout effect, so the
 * shell knows before the next key arrives.
 */
export function useCapture(on: boolean): void {
  const shell = useShell();
  const id = useId();
  useLayoutEffect(() => {
    shell.capture(id, on);
    return () => shell.capture(id, false);
  }, [shell, id, on]);
}
