import { Box } from 'ink';
import { ErrorBoundary } from '../components/ErrorBoundary.js';
import { type Route, routeKey } from '../route.js';
import { ScreenFor } from './ScreenFor.js';

export interface ScreenStackProps {
  readonly stack: readonly Route[];
  /** Part of every screen's key: a new epoch mounts the screens again. */
  readonly epoch: number;
  /** The top screen is hidden (help, the composer or the too-small notice covers it) and takes no keys. */
  readonly covered: boolean;
  readonly width: number;
  readonly height: number;
}

/**
 * Every screen of the stack stays mounted, so going back finds one as it was; only the top one
 * shows and takes keys. Each has its own error boundary: a screen that fails to draw says so
 * instead of taking the app down.
 */
export function ScreenStack({ stack, epoch, covered, width, height }: ScreenStackProps) {
  return stack.map((r, i) => {
    const visible = i === stack.length - 1 && !covered;
    return (
      <Box key={`${epoch}:${i}:${routeKey(r)}`} flexDirection="column" display={visible ? 'flex' : 'none'}>
        <ErrorBoundary resetKey={routeKey(r)}>
          <ScreenFor route={r} active={visible} width={width} height={height} />
        </ErrorBoundary>
      </Box>
    );
  });
}
