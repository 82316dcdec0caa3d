import { useStdout } from 'ink';
import { useEffect, useState } from 'react';

export interface WindowSize {
  readonly columns: number;
  readonly rows: number;
}

/**
 * The terminal size, following resizes. `fixed` (tests, or a caller that knows better) wins;
 * otherwise the output stream's columns and rows, 80x24 when it does not say.
 */
export function useWindowSize(fixed?: Partial<WindowSize>): WindowSize {
  const { stdout } = useStdout();
  const read = (): WindowSize => ({
    columns: fixed?.columns ?? (stdout.columns || 80),
    rows: fixed?.rows ?? (stdout.rows || 24),
  });
  const [size, setSize] = useState(read);
  useEffect(() => {
    const onResize = () => setSize(read());
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout, fixed?.columns, fixed?.rows]);
  return fixed?.columns !== undefined && fixed.rows !== undefined ? { columns: fixed.columns, rows: fixed.rows } : size;
}
