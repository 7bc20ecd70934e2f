// The workspaces one app needs inside an image build (docker/service.Dockerfile, docker/frontend.Dockerfile):
// the app's own folder plus the libs/ it depends on, directly or through another lib (@paycadence/* names).
// Runs inside the image with plain node, so it uses nothing but node: built-ins.
//
//   node docker/app-workspaces.mjs <app-dir>... --prune --manifests <dir>
//     deletes the libs/ folders and the frontends/ or services/ folders the apps do not need, and copies the
//     package.json of each app and each kept lib to <dir> (same relative paths), so `npm install` layers depend
//     on the manifests alone.
//   node docker/app-workspaces.mjs <app-dir>... --compiled
//     prints the kept libs that publish a compiled dist/ (their package exports point there), for `tsc -b`.
// Several app dirs: the shell's image also builds the public-site remote its prerendered pages come from.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const WORKSPACE_SCOPE = '@paycadence/';

const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/** `@paycadence/<x>` package name → its folder under libs/. */
function libFolders(root) {
  const libsDir = path.join(root, 'libs');
  const folders = new Map();
  for (const entry of fs.readdirSync(libsDir, { withFileTypes: true })) {
    const manifest = path.join(libsDir, entry.name, 'package.json');
    if (entry.isDirectory() && fs.existsSync(manifest))
      folders.set(readJson(manifest).name, `libs/${entry.name}`);
  }
  return folders;
}

const workspaceDependencies = (manifest) =>
  Object.keys({ ...manifest.dependencies, ...manifest.devDependencies }).filter((name) =>
    name.startsWith(WORKSPACE_SCOPE),
  );

const asList = (appDirs) => (Array.isArray(appDirs) ? appDirs : [appDirs]);

/** The lib folders one app (or several) needs, transitively, in a stable order. */
export function neededLibs(root, appDirs) {
  const folders = libFolders(root);
  const needed = new Set();
  const queue = [...asList(appDirs)];
  while (queue.length > 0) {
    const manifest = readJson(path.join(root, queue.shift(), 'package.json'));
    for (const name of workspaceDependencies(manifest)) {
      const folder = folders.get(name);
      if (folder && !needed.has(folder)) {
        needed.add(folder);
        queue.push(folder);
      }
    }
  }
  return [...needed].sort();
}

/** A lib whose package exports point into dist/ must be compiled before anything imports it. */
function publishesDist(root, libDir) {
  return JSON.stringify(readJson(path.join(root, libDir, 'package.json')).exports ?? {}).includes('./dist/');
}

export function pruneLibs(root, appDirs, manifestsDir) {
  const apps = asList(appDirs);
  const keep = new Set(neededLibs(root, apps));
  for (const entry of fs.readdirSync(path.join(root, 'libs'))) {
    if (!keep.has(`libs/${entry}`))
      fs.rmSync(path.join(root, 'libs', entry), { recursive: true, force: true });
  }
  // The other apps of the apps' kind (folders only: frontends/federation.shared.mjs stays).
  for (const kindDir of new Set(apps.map((dir) => path.dirname(dir)))) {
    for (const entry of fs.readdirSync(path.join(root, kindDir), { withFileTypes: true })) {
      const dir = `${kindDir}/${entry.name}`;
      if (entry.isDirectory() && !apps.includes(dir)) fs.rmSync(path.join(root, dir), { recursive: true, force: true });
    }
  }
  for (const dir of [...apps, ...keep]) {
    fs.mkdirSync(path.join(manifestsDir, dir), { recursive: true });
    fs.copyFileSync(path.join(root, dir, 'package.json'), path.join(manifestsDir, dir, 'package.json'));
  }
  return [...keep];
}

export const compiledLibs = (root, appDirs) =>
  neededLibs(root, appDirs).filter((dir) => publishesDist(root, dir));

function main(argv) {
  const firstFlag = argv.findIndex((arg) => arg.startsWith('--'));
  const appDirs = firstFlag < 0 ? argv : argv.slice(0, firstFlag);
  const flags = firstFlag < 0 ? [] : argv.slice(firstFlag);
  if (appDirs.length === 0 || !appDirs.every((dir) => fs.existsSync(path.join(dir, 'package.json')))) {
    throw new Error(
      `usage: app-workspaces.mjs <app-dir>... (--prune --manifests <dir> | --compiled); got "${appDirs.join(' ')}"`,
    );
  }
  const root = process.cwd();
  if (flags.includes('--compiled')) {
    process.stdout.write(`${compiledLibs(root, appDirs).join(' ')}\n`);
  } else if (flags.includes('--prune')) {
    const manifestsDir = flags[flags.indexOf('--manifests') + 1];
    if (!manifestsDir || flags.indexOf('--manifests') < 0) throw new Error('--prune needs --manifests <dir>');
    const kept = pruneLibs(root, appDirs, path.resolve(manifestsDir));
    process.stdout.write(`${appDirs.join(' + ')} need${appDirs.length === 1 ? 's' : ''} ${kept.join(', ') || 'no lib'}\n`);
  } else {
    throw new Error('pass --prune --manifests <dir> or --compiled');
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) main(process.argv.slice(2));
