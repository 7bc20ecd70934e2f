// The name of a new service or remote: checked once, then spelled every way the templates need it.

const KEBAB_CASE = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const MAX_LENGTH = 40;
// Names the platform already uses for something that is not an app folder (compose services, URL prefixes,
// repository folders): an app of that name would collide with them.
const RESERVED = new Set([
  'kong',
  'postgres',
  'redis',
  'gateway',
  'docker',
  'tools',
  'tests',
  'api',
  'remotes',
  'assets',
]);

/** Spellings of a kebab-case name: `bank-sync` → BankSync, bankSync, bank_sync, 'Bank sync'. */
export function appNames(name) {
  const words = name.split('-');
  const capital = (word) => word[0].toUpperCase() + word.slice(1);
  return {
    name,
    pascal: words.map(capital).join(''),
    camel: words[0] + words.slice(1).map(capital).join(''),
    snake: words.join('_'),
    title: capital(words.join(' ')),
    constant: words.join('_').toUpperCase(),
  };
}

/** Throws, before anything is written, unless `name` is a kebab-case name that no app, lib or route uses. */
export function assertNewAppName(tree, name, { kongServiceNames = [], composeServiceNames = [] } = {}) {
  if (typeof name !== 'string' || !KEBAB_CASE.test(name)) {
    throw new Error(
      `"${name}" is not a kebab-case name (lower-case letters and digits, words joined by "-")`,
    );
  }
  if (name.length > MAX_LENGTH) throw new Error(`"${name}" is longer than ${MAX_LENGTH} characters`);
  if (RESERVED.has(name)) throw new Error(`"${name}" is reserved by the platform`);
  const taken = [
    ...['services', 'frontends', 'libs']
      .filter((dir) => tree.exists(`${dir}/${name}`))
      .map((dir) => `${dir}/${name}`),
    ...(tree.exists(`k8s/base/${name}.yaml`) ? [`k8s/base/${name}.yaml`] : []),
    ...(kongServiceNames.includes(name) ? ['a service in gateway/kong.yml'] : []),
    ...(composeServiceNames.includes(name) ? ['a service in docker-compose.yml'] : []),
  ];
  if (taken.length > 0) {
    throw new Error(`"${name}" already exists (${taken.join(', ')}): nothing was changed`);
  }
}
