// Configuration files a new app shares verbatim with its model (tsconfig*.json, jest configs, .swcrc): copied
// at generation time, so a new service builds and tests the way the others do today.
const SHARED_CONFIG = /^(tsconfig(\.[\w-]+)?\.json|jest(\.[\w-]+)?\.config\.c?[jt]s|\.swcrc)$/;

export function copyModelConfigFiles(tree, kind, model, name) {
  const copied = tree
    .children(`${kind}/${model}`)
    .filter((file) => SHARED_CONFIG.test(file) && tree.isFile(`${kind}/${model}/${file}`));
  for (const file of copied) tree.write(`${kind}/${name}/${file}`, tree.read(`${kind}/${model}/${file}`));
  if (!copied.some((file) => file.startsWith('tsconfig'))) {
    throw new Error(`${kind}/${model} has no tsconfig.json to share with the new app`);
  }
  return `${kind}/${name}: ${copied.join(', ')} as in ${kind}/${model}`;
}
