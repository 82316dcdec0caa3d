import { type Key, useInput } from 'ink';
import { useLayoutEffect, useRef, useState } from 'react';
import { useLatest } from './hooks/use-latest.js';

export interface KeyPumpProps {
  /** Handles one key; whatever state it changes is rendered before the next key is handed over. */
  readonly onKey: (input: string, key: Key) => void;
}

/**
 * The app's only Ink input subscription. Keys are queued and handed over one per render: a
 * pasted or fast-typed chunk arrives as several keys at once, and each must see the state the
 * one before it left (a `/` opens the filter, so the next letter is filter text). It renders
 * nothing and keeps its bookkeeping state to itself, so a key re-renders only what it changed.
 */
export function KeyPump({ onKey }: KeyPumpProps) {
  const handler = useLatest(onKey);
  const queue = useRef<[string, Key][]>([]);
  const dispatched = useRef(0);
  const committed = useRef(0);
  const scheduled = useRef(false);
  const [turn, setTurn] = useState(0);
  useLayoutEffect(() => {
    committed.current = turn;
  }, [turn]);

  const pump = () => {
    scheduled.current = false;
    if (!queue.current.length) return;
    // The render caused by the previous key is committed: hand over the next one.
    if (committed.current >= dispatched.current) {
      const [input, key] = queue.current.shift()!;
      dispatched.current += 1;
      handler.current(input, key);
      setTurn(dispatched.current);
    }
    if (queue.current.length && !scheduled.current) {
      scheduled.current = true;
      setImmediate(pump);
    }
  };

  useInput((input, key) => {
    // Keys typed quickly (or sent by a script) reach Ink as one chunk of text: each character
    // is a key of its own, control characters included.
    const chars = [...input];
    if (chars.length > 1 && !key.ctrl && !key.meta && !key.escape) for (const ch of chars) queue.current.push(splitKey(ch, key));
    else queue.current.push([input, key]);
    pump();
  });
  return null;
}

/** One character of a chunk as the key it is (enter, tab, backspace and ctrl-letters keep their meaning). */
function splitKey(ch: string, base: Key): [string, Key] {
  const plain: Key = { ...base, return: false, tab: false, backspace: false, delete: false, ctrl: false, shift: false };
  if (ch === '\r' || ch === '\n') return ['', { ...plain, return: true }];
  if (ch === '\t') return ['', { ...plain, tab: true }];
  if (ch === '\u007F') return ['', { ...plain, delete: true }];
  if (ch === '\b') return ['', { ...plain, backspace: true }];
  const code = ch.charCodeAt(0);
  if (code >= 1 && code <= 26) return [String.fromCharCode(code + 96), { ...plain, ctrl: true }];
  return [ch, { ...plain, shift: ch !== ch.toLowerCase() }];
}
