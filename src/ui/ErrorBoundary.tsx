import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** What failed, in words: "The offload-gate explorer". */
  name: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/**
 * Catches a failing panel so the rest of the app keeps working, and says so
 * (role="alert") with a way to try again.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`${this.props.name} failed`, error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return (
        <div role="alert" className="panel-error">
          <h2>{this.props.name} stopped working</h2>
          <p>
            It hit an error it could not recover from: <code>{this.state.error.message}</code>. The
            rest of the explorer still works, and your inputs are kept.
          </p>
          <button type="button" onClick={() => this.setState({ error: null })}>
            Try again
          </button>
        </div>
      );
    }
    return this.props.children;
  }
}
