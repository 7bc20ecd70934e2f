/**
 * A page exposed by a federated remote: which remote, and which of its exposed modules. It lives here, apart
 * from the route table, so that routes.tsx and the remote loading code under remotes/ can both use it
 * without importing each other.
 */
export interface RemoteRef {
  /** Key in /remotes-manifest.json. */
  name: 'public-site' | 'dashboard' | 'connected-accounts' | 'admin-console';
  /** Exposed module, as in the remote's vite config `exposes`. */
  module: `./${string}`;
}
