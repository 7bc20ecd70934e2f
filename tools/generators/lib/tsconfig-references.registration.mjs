// The root tsconfig.json lists every compiled project, so `tsc -b` (and the editor) builds the new service.
export const ROOT_TSCONFIG = 'tsconfig.json';

/** Adds `{ "path": "<dir>" }` after the last reference, on a line of its own like the others. */
export function registerTsconfigReference(tree, dir) {
  const text = tree.read(ROOT_TSCONFIG, 'utf-8');
  const references = JSON.parse(text).references ?? [];
  if (references.some((reference) => reference.path === dir)) {
    throw new Error(`${ROOT_TSCONFIG} already references ${dir}`);
  }
  const listStart = text.indexOf('"references"');
  const listEnd = listStart < 0 ? -1 : text.indexOf(']', listStart);
  const lastEntryEnd = text.lastIndexOf('}', listEnd);
  if (listEnd < 0 || lastEntryEnd < listStart)
    throw new Error(`${ROOT_TSCONFIG}: no "references" list to extend`);
  const lineStart = text.lastIndexOf('\n', lastEntryEnd) + 1;
  const indentation = /^[ \t]*/.exec(text.slice(lineStart))[0];
  const updated = `${text.slice(0, lastEntryEnd + 1)},\n${indentation}{ "path": "${dir}" }${text.slice(lastEntryEnd + 1)}`;
  if (!JSON.parse(updated).references.some((reference) => reference.path === dir)) {
    throw new Error(`${ROOT_TSCONFIG}: could not add ${dir}`);
  }
  tree.write(ROOT_TSCONFIG, updated);
  return `${ROOT_TSCONFIG}: project reference ${dir}`;
}
