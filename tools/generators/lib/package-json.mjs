// A new app's package.json takes its scripts and dependency ranges from its model app, so the versions the
// workspace pins stay the versions a new app asks for.
const pick = (ranges = {}, names) =>
  Object.fromEntries(names.filter((name) => name in ranges).map((name) => [name, ranges[name]]));

/**
 * `@paycadence/<name>` with the model's scripts; its dependencies and devDependencies, all of them or only
 * the names listed (those the template imports).
 */
export function writePackageJson(tree, kind, model, name, { dependencies, devDependencies } = {}) {
  const source = JSON.parse(tree.read(`${kind}/${model}/package.json`, 'utf-8'));
  const manifest = {
    name: `@paycadence/${name}`,
    version: source.version ?? '0.1.0',
    private: true,
    type: 'module',
    scripts: source.scripts,
    dependencies: dependencies ? pick(source.dependencies, dependencies) : source.dependencies,
    devDependencies: devDependencies ? pick(source.devDependencies, devDependencies) : source.devDependencies,
  };
  for (const [field, wanted] of [
    ['dependencies', dependencies],
    ['devDependencies', devDependencies],
  ]) {
    const missing = (wanted ?? []).filter((dependency) => !(dependency in manifest[field]));
    if (missing.length > 0)
      throw new Error(`${kind}/${model}/package.json lacks ${field} ${missing.join(', ')}`);
  }
  tree.write(`${kind}/${name}/package.json`, `${JSON.stringify(manifest, null, 2)}\n`);
  return `${kind}/${name}/package.json (dependency ranges of ${kind}/${model})`;
}
