import { loadRemote, registerRemotes } from '@module-federation/runtime';
import type { ComponentType } from 'react';
import type { RemoteRef } from './remote-ref';
import { readRemotesManifest, REMOTES_MANIFEST_URL, type RemotesManifest } from './remotes-manifest';

export { REMOTES_MANIFEST_URL };

let registered: Promise<RemotesManifest> | null = null;
const componentCache = new Map<string, ComponentType>();

/**
 * Reads the manifest once and registers every remote with the federation runtime.
 * `force` (a retry after a failure) re-reads it and re-registers, dropping whatever the runtime
 * cached about a remote entry that failed to load.
 */
export function ensureRemotesRegistered(force = false): Promise<RemotesManifest> {
  if (!registered || force) {
    registered = readRemotesManifest(force).then(
      (manifest) => {
        registerRemotes(
          Object.entries(manifest).map(([name, entry]) => ({ name, entry, type: 'module' as const })),
          { force },
        );
        return manifest;
      },
      (error: unknown) => {
        registered = null; // let the next attempt try again
        throw error;
      },
    );
  }
  return registered;
}

const cacheKey = (remote: RemoteRef) => `${remote.name}/${remote.module.slice(2)}`;

/** A remote component already loaded, so navigating back to it shows no loading state. */
export function cachedRemoteComponent(remote: RemoteRef): ComponentType | undefined {
  return componentCache.get(cacheKey(remote));
}

/**
 * Puts a remote's component in the cache without the federation runtime: the build renders the public pages
 * on Node (src/prerender/render-page.tsx), where the remote's modules are bundled in instead of fetched.
 */
export function provideRemoteComponent(remote: RemoteRef, component: ComponentType): void {
  componentCache.set(cacheKey(remote), component);
}

/** Loads `remote.module` and returns its component, exported under the module's name ('./AboutPage' -> AboutPage). */
export async function loadRemoteComponent(remote: RemoteRef, { retry = false } = {}): Promise<ComponentType> {
  const key = cacheKey(remote);
  const cached = componentCache.get(key);
  if (cached) return cached;
  const manifest = await ensureRemotesRegistered(retry);
  if (!manifest[remote.name]) throw new Error(`Remote "${remote.name}" is not in ${REMOTES_MANIFEST_URL}`);
  const exported = await loadRemote<Record<string, unknown>>(key);
  const exportName = remote.module.slice(2);
  const component = exported?.[exportName];
  if (typeof component !== 'function') throw new Error(`Remote module ${key} does not export ${exportName}`);
  componentCache.set(key, component as ComponentType);
  return component as ComponentType;
}
