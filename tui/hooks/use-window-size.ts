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
  const columns = fixed?.columns;
  const rows = fixed?.rows;
  const [size, setSize] = useState(() => readSize(stdout, columns, rows));
  useEffect(() => {
    const onResize = () => setSize(readSize(stdout, columns, rows));
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout, columns, rows]);
  return columns !== undefined && rows !== undefined ? { columns, rows } : size;
}

function readSize(stdout: NodeJS.WriteStream, columns: number | undefined, rows: number | undefined): WindowSize {
  return { columns: columns ?? (stdout.columns || 80), rows: rows ?? (stdout.rows || 24) };
}
