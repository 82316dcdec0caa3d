import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPanel } from './ErrorPanel.js';

export interface ErrorBoundaryProps {
  readonly children?: ReactNode;
  /** Called once per caught error (the app logs it, and keeps running). */
  readonly onError?: (error: Error) => void;
  /** Changing this resets the boundary (e.g. the screen changed). */
  readonly resetKey?: string;
}

interface State {
  error: Error | null;
  resetKey: string | undefined;
}

/**
 * Catches a render failure of the screen below it and shows it in a panel, so a bug in one
 * screen never takes the terminal down. Moving to another screen resets it.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, _info: ErrorInfo): void {
    this.props.onError?.(error);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (error) {
      return <ErrorPanel title="This screen failed" message={error.message || String(error)} hint="1-6: another screen · q: quit" />;
    }
    return this.props.children;
  }
}
