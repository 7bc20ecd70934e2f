import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RemoteErrorView } from './RemoteErrorView';

interface Props {
  children: ReactNode;
  onRetry: () => void;
}

/** Catches a remote page that throws while rendering, so the failure stays inside its route. */
export class RemoteErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('A remote page failed while rendering', error, info.componentStack);
  }

  override render() {
    if (this.state.failed) {
      return (
        <RemoteErrorView
          onRetry={() => {
            this.setState({ failed: false });
            this.props.onRetry();
          }}
        />
      );
    }
    return this.props.children;
  }
}
