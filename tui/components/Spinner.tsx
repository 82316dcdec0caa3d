import { useEffect, useState } from 'react';
import { Tone } from './Tone.js';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

export interface SpinnerProps {
  readonly label: string;
}

/** A busy indicator with a label; it animates on a timer and never takes input. */
export function Spinner({ label }: SpinnerProps) {
  const [frame, setFrame] = useState(0);
  useEffect(() => {
    const t = setInterval(() => setFrame((f) => (f + 1) % FRAMES.length), 120);
    return () => clearInterval(t);
  }, []);
  return (
    <Tone tone="accent">
      {FRAMES[frame]} {label}
    </Tone>
  );
}
