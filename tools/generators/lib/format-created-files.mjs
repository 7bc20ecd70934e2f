// Prettier for the files a generator created. Edited files are left as they were: their edits are spliced in
// their own style, and formatting them whole would mix unrelated changes into the diff.
import path from 'node:path';

export async function formatCreatedFiles(tree) {
  let prettier;
  try {
    prettier = await import('prettier');
  } catch {
    return; // prettier is a root devDependency; without it the templates are already formatted by hand
  }
  for (const change of tree.listChanges().filter((c) => c.type === 'CREATE')) {
    const file = path.join(tree.root, change.path);
    const info = await prettier.getFileInfo(file, { ignorePath: path.join(tree.root, '.prettierignore') });
    if (info.ignored || !info.inferredParser) continue;
    const options = (await prettier.resolveConfig(file)) ?? {};
    const formatted = await prettier.format(change.content.toString('utf-8'), { ...options, filepath: file });
    tree.write(change.path, formatted);
  }
}
