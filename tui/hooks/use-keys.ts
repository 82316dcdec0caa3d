import { type Key, useInput } from 'ink';
import { createContext, type MutableRefObject, useContext, useLayoutEffect } from 'react';
import { useLatest } from './use-latest.js';

export type KeyHandler = (input: string, key: Key) => void;

/** A registered key handler and whether it currently takes keys. */
export type KeyEntry = MutableRefObject<{ handler: KeyHandler; active: boolean }>;

/** The app's one key dispatcher: screens and dialogs register their handlers with it. */
export interface KeyHub {
  register(entry: KeyEntry): () => void;
}

export const KeyHubContext = createContext<KeyHub | null>(null);

/**
 * Routes keys to this component while `active`. Handlers register with the app's dispatcher in
 * a layout effect, so a screen or dialog that just opened gets the very next key (Ink's own
 * useInput subscribes in a passive effect, which can run after that key has arrived), and the
 * handler called is always the latest render's. Outside the app it falls back to useInput.
 */
export function useKeys(handler: KeyHandler, active = true): void {
  const hub = useContext(KeyHubContext);
  const ref: KeyEntry = useLatest({ handler, active });
  useLayoutEffect(() => (hub ? hub.register(ref) : undefined), [hub, ref]);
  useInput(
    (input, key) => {
      if (ref.current.active) ref.current.handler(input, key);
    },
    { isActive: hub === null },
  );
}
