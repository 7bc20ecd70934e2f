/** Served from the shell's own dist (public/), so it can change without rebuilding the shell (docs/architecture.md). */
export const REMOTES_MANIFEST_URL = '/remotes-manifest.json';

export type RemotesManifest = Record<string, string>;

let manifestPromise: Promise<RemotesManifest> | null = null;

async function fetchManifest(): Promise<RemotesManifest> {
  const response = await fetch(REMOTES_MANIFEST_URL, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`Could not read ${REMOTES_MANIFEST_URL} (status ${response.status})`);
  const manifest = (await response.json()) as unknown;
  if (typeof manifest !== 'object' || manifest === null) throw new Error('The remotes manifest is not an object');
  const entries = Object.entries(manifest).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return Object.fromEntries(entries);
}

/** The manifest, read once (again after a failure, or when `force`): the early preload and the loader share it. */
export function readRemotesManifest(force = false): Promise<RemotesManifest> {
  if (!manifestPromise || force) {
    manifestPromise = fetchManifest().catch((error: unknown) => {
      manifestPromise = null; // let the next attempt try again
      throw error;
    });
  }
  return manifestPromise;
}
