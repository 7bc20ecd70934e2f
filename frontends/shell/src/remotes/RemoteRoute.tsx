import { Spinner } from '@paycadence/web-kit';
import { useEffect, useState, type ComponentType } from 'react';
import type { RemoteRef } from './remote-ref';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { RemoteErrorView } from './RemoteErrorView';
import { cachedRemoteComponent, loadRemoteComponent } from './remote-loader';

type LoadState = { status: 'loading' } | { status: 'ready'; Component: ComponentType } | { status: 'failed' };

/** Renders one exposed module of a remote: loading view, the page, or the error view with Try again. */
export function RemoteRoute({ remote }: { remote: RemoteRef }) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>(() => {
    const cached = cachedRemoteComponent(remote);
    return cached ? { status: 'ready', Component: cached } : { status: 'loading' };
  });

  useEffect(() => {
    const cached = cachedRemoteComponent(remote);
    if (cached) {
      setState({ status: 'ready', Component: cached });
      return;
    }
    let current = true;
    setState({ status: 'loading' });
    loadRemoteComponent(remote, { retry: attempt > 0 }).then(
      (Component) => current && setState({ status: 'ready', Component }),
      (error: unknown) => {
        console.error(`Could not load ${remote.name}/${remote.module}`, error);
        if (current) setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [remote.name, remote.module, attempt]); // eslint-disable-line react-hooks/exhaustive-deps

  const retry = () => setAttempt((value) => value + 1);
  if (state.status === 'loading') return <Spinner />;
  if (state.status === 'failed') return <RemoteErrorView onRetry={retry} />;
  return (
    <RemoteErrorBoundary key={`${remote.name}/${remote.module}#${attempt}`} onRetry={retry}>
      <state.Component />
    </RemoteErrorBoundary>
  );
}
