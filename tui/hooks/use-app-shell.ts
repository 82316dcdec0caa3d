import { type Dispatch, type MutableRefObject, type SetStateAction, useEffect, useMemo, useRef, useState } from 'react';
import type { FeedbackTarget, Shell } from '../context.js';
import type { LineState } from '../model/line-edit.js';
import type { Route } from '../route.js';

const NOTICE_MS = 4000;

/** The shell's own state: the stack of screens and what covers them, and the Shell screens call. */
export interface AppShell {
  readonly shell: Shell;
  readonly stack: readonly Route[];
  readonly help: boolean;
  readonly setHelp: Dispatch<SetStateAction<boolean>>;
  readonly composer: FeedbackTarget | null;
  readonly setComposer: Dispatch<SetStateAction<FeedbackTarget | null>>;
  readonly notice: string | undefined;
  readonly setNotice: Dispatch<SetStateAction<string | undefined>>;
  /** The `:` command line while it is open. */
  readonly command: LineState | null;
  readonly setCommand: Dispatch<SetStateAction<LineState | null>>;
  /** Bumped by a command that changes what a mounted screen read at mount (filter, sort): it mounts again. */
  readonly epoch: number;
  readonly remount: () => void;
  /** The screens that have captured the keyboard for a text field. */
  readonly captures: MutableRefObject<Set<string>>;
  readonly session: Map<string, unknown>;
}

/** The shell's state, with notices that clear themselves after a few seconds. */
export function useAppShell(initial: Route | undefined): AppShell {
  const [stack, setStack] = useState<readonly Route[]>(() => [initial ?? { screen: 'rules' }]);
  const [help, setHelp] = useState(false);
  const [composer, setComposer] = useState<FeedbackTarget | null>(null);
  const [notice, setNotice] = useState<string | undefined>();
  const [command, setCommand] = useState<LineState | null>(null);
  const [epoch, setEpoch] = useState(0);
  const [session] = useState(() => new Map<string, unknown>());
  const captures = useRef(new Set<string>());

  useEffect(() => {
    if (!notice) return;
    const t = setTimeout(() => setNotice(undefined), NOTICE_MS);
    return () => clearTimeout(t);
  }, [notice]);

  const shell = useMemo<Shell>(
    () => ({
      push: (r) => setStack((s) => [...s, r]),
      back: () => setStack((s) => (s.length > 1 ? s.slice(0, -1) : s)),
      go: (r) => setStack([r]),
      notify: (m) => setNotice(m),
      composeFeedback: (t) => setComposer(t),
      capture: (id, on) => {
        if (on) captures.current.add(id);
        else captures.current.delete(id);
      },
      session,
    }),
    [session],
  );
  const remount = () => setEpoch((e) => e + 1);
  return { shell, stack, help, setHelp, composer, setComposer, notice, setNotice, command, setCommand, epoch, remount, captures, session };
}
