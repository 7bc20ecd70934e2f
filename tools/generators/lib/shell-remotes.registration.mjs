// The shell learns about a remote in two places: /remotes-manifest.json (where its remoteEntry.js is, read
// at run time) and the RemoteRef name type (which names a route may use). Routes themselves stay untouched:
// a new remote has no pages the shell should show until someone points a route at one.
import { addUnionMember, fileDeclaring } from './typescript-source.mjs';

export const MANIFEST_FILE = 'frontends/shell/public/remotes-manifest.json';
const SHELL_SOURCES = 'frontends/shell/src';

function sourceFiles(tree, dir) {
  return tree.children(dir).flatMap((entry) => {
    const path = `${dir}/${entry}`;
    if (tree.isFile(path)) return /\.tsx?$/.test(entry) && !/\.spec\.tsx?$/.test(entry) ? [path] : [];
    return sourceFiles(tree, path);
  });
}

export function registerRemoteInManifest(tree, name) {
  const manifest = JSON.parse(tree.read(MANIFEST_FILE, 'utf-8'));
  if (name in manifest) throw new Error(`${MANIFEST_FILE} already names ${name}`);
  manifest[name] = `/remotes/${name}/remoteEntry.js`;
  tree.write(MANIFEST_FILE, `${JSON.stringify(manifest, null, 2)}\n`);
  return `${MANIFEST_FILE}: "${name}": "${manifest[name]}"`;
}

export function registerRemoteRefName(tree, name) {
  const file = fileDeclaring(tree, sourceFiles(tree, SHELL_SOURCES), 'RemoteRef');
  if (!file) throw new Error(`no RemoteRef type under ${SHELL_SOURCES}`);
  tree.write(file, addUnionMember(file, tree.read(file, 'utf-8'), 'RemoteRef', 'name', name));
  return `${file}: RemoteRef['name'] accepts '${name}'`;
}
