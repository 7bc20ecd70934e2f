import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const IGNORED_DIRS = new Set(['node_modules', 'dist', '.git', '.nx', '.data', 'coverage']);

/** Newest modification time (ms) of a file or of any file below a folder; 0 when nothing exists. */
export function newestMtime(path) {
  let info;
  try {
    info = statSync(path);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.isDirectory() && IGNORED_DIRS.has(entry.name)) continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

export function mtimeOf(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return null;
  }
}

/** True when the output stamp is missing or any source is newer than it. */
export function isStale(sourcePaths, stampPath) {
  const stamp = mtimeOf(stampPath);
  if (stamp === null) return true;
  return sourcePaths.some((source) => newestMtime(source) > stamp);
}

/** Every workspace package.json (libs/*, services/*, frontends/*, gateway/dev, tools) plus the root one. */
export function packageJsonFiles(repoRoot) {
  const files = [join(repoRoot, 'package.json'), join(repoRoot, 'gateway/dev/package.json'), join(repoRoot, 'tools/package.json')];
  for (const group of ['libs', 'services', 'frontends']) {
    let entries = [];
    try {
      entries = readdirSync(join(repoRoot, group), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (entry.isDirectory()) files.push(join(repoRoot, group, entry.name, 'package.json'));
    }
  }
  return files.filter((file) => mtimeOf(file) !== null);
}

/** npm install is due when node_modules is missing or the lockfile / any package.json changed after the last install. */
export function installReason(repoRoot) {
  const marker = mtimeOf(join(repoRoot, 'node_modules/.package-lock.json'));
  if (marker === null) return 'node_modules is missing';
  const inputs = [join(repoRoot, 'package-lock.json'), ...packageJsonFiles(repoRoot)];
  const newer = inputs.find((file) => (mtimeOf(file) ?? 0) > marker);
  return newer ? `${newer.slice(repoRoot.length + 1)} changed since the last install` : null;
}
