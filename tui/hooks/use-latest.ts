import { type MutableRefObject, useLayoutEffect, useRef } from 'react';

/**
 * A ref that holds the latest committed `value`, for callbacks that outlive the render that
 * made them (key handlers, job completions). It is written in a layout effect rather than
 * during render, so a render React throws away never leaks into it, and it is current before
 * the next key or timer can read it.
 */
export function useLatest<T>(value: T): MutableRefObject<T> {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
