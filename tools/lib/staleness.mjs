// Whether `npm install` is due (the launcher and `npm test` run it before anything else); builds are Nx's.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function mtimeOf(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return null;
  }
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
