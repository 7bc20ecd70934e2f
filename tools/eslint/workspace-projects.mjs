// Reads the workspace's projects (folder, package name, scope tag) from the root package.json's
// `workspaces` and each folder's project.json, so the boundary rule follows the Nx tags (CONVENTIONS §8).
import fs from 'node:fs';
import path from 'node:path';

const cache = new Map();

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Walks up from `startDir` to the first folder whose package.json declares `workspaces`. */
export function findWorkspaceRoot(startDir) {
  let dir = path.resolve(startDir);
  for (;;) {
    const pkg = readJson(path.join(dir, 'package.json'));
    if (pkg && Array.isArray(pkg.workspaces)) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

// Workspace globs here are plain folders or `<folder>/*`, which is all npm workspaces we use.
function expandWorkspacePattern(root, pattern) {
  if (!pattern.endsWith('/*')) return [path.join(root, pattern)];
  const parent = path.join(root, pattern.slice(0, -2));
  if (!fs.existsSync(parent)) return [];
  return fs
    .readdirSync(parent, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(parent, entry.name));
}

function scopeOf(tags) {
  const tag = (tags ?? []).find((t) => typeof t === 'string' && t.startsWith('scope:'));
  return tag ? tag.slice('scope:'.length) : undefined;
}

function loadProjects(root) {
  const rootPkg = readJson(path.join(root, 'package.json')) ?? {};
  const projects = [];
  for (const pattern of rootPkg.workspaces ?? []) {
    for (const dir of expandWorkspacePattern(root, pattern)) {
      const projectJson = readJson(path.join(dir, 'project.json'));
      const pkg = readJson(path.join(dir, 'package.json'));
      if (!projectJson && !pkg) continue;
      projects.push({
        dir,
        name: projectJson?.name ?? path.basename(dir),
        packageName: pkg?.name,
        scope: scopeOf(projectJson?.tags),
      });
    }
  }
  return projects;
}

/** The workspace's projects, cached per root for the length of one lint run. */
export function getWorkspace(root) {
  if (!cache.has(root)) {
    const projects = loadProjects(root);
    cache.set(root, {
      root,
      projects,
      byPackageName: new Map(projects.filter((p) => p.packageName).map((p) => [p.packageName, p])),
    });
  }
  return cache.get(root);
}

/** Forgets cached workspaces (tests build fixture workspaces on the fly). */
export function clearWorkspaceCache() {
  cache.clear();
}

/** The project whose folder contains `file`, if any. */
export function projectContaining(workspace, file) {
  const resolved = path.resolve(file);
  let best;
  for (const project of workspace.projects) {
    const inside = resolved === project.dir || resolved.startsWith(project.dir + path.sep);
    if (inside && (!best || project.dir.length > best.dir.length)) best = project;
  }
  return best;
}

/** The project an import specifier points at: a relative path or a workspace package name (and subpaths). */
export function projectImportedBy(workspace, importerFile, specifier) {
  if (specifier.startsWith('.') || path.isAbsolute(specifier)) {
    return projectContaining(workspace, path.resolve(path.dirname(importerFile), specifier));
  }
  const parts = specifier.split('/');
  const packageName = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return workspace.byPackageName.get(packageName);
}
