// A new app's project.json is its model's, renamed: the same tags and targets as its kind has today, even
// as those evolve (nothing here to keep in step).
const renameDeep = (value, from, to) => {
  if (typeof value === 'string') return value.split(from).join(to);
  if (Array.isArray(value)) return value.map((item) => renameDeep(item, from, to));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, renameDeep(item, from, to)]));
  }
  return value;
};

/** The first of `preferred` (else any app of `kind` that `accept`s) that has a project.json. */
export function modelApp(tree, kind, preferred, accept = () => true) {
  const candidates = [...preferred, ...tree.children(kind).filter(accept)];
  const model = candidates.find((name) => tree.exists(`${kind}/${name}/project.json`));
  if (!model) throw new Error(`no ${kind}/*/project.json to model the new project on`);
  return model;
}

export function writeProjectJson(tree, kind, model, name) {
  const project = JSON.parse(tree.read(`${kind}/${model}/project.json`, 'utf-8'));
  const renamed = renameDeep({ ...project, name }, `${kind}/${model}`, `${kind}/${name}`);
  tree.write(`${kind}/${name}/project.json`, `${JSON.stringify(renamed, null, 2)}\n`);
  return `${kind}/${name}/project.json (tags and targets of ${kind}/${model}: ${(project.tags ?? []).join(', ')})`;
}
