// libs/contracts/src/routes.ts: the documented /api routes of each service, which tests/contract holds
// gateway/kong.yml against.
import { appendObjectProperty } from './typescript-source.mjs';

export const ROUTES_FILE = 'libs/contracts/src/routes.ts';

export function registerServiceRoutes(tree, name, routes) {
  const text = tree.read(ROUTES_FILE, 'utf-8');
  const value = `[${routes.map((route) => `'${route}'`).join(', ')}]`;
  tree.write(ROUTES_FILE, appendObjectProperty(ROUTES_FILE, text, 'SERVICE_ROUTES', name, value));
  return `${ROUTES_FILE}: SERVICE_ROUTES['${name}'] = ${value}`;
}

export const CONTRACTS_INDEX = 'libs/contracts/src/index.ts';

/** Exports libs/contracts/src/<name>.ts (written from the template) from the contracts' one entry point. */
export function registerContractsModule(tree, name) {
  const text = tree.read(CONTRACTS_INDEX, 'utf-8');
  const line = `export * from './${name}.js';`;
  if (text.includes(line)) throw new Error(`${CONTRACTS_INDEX} already exports ./${name}.js`);
  const exports = [...text.matchAll(/^export \* from '[^']+';$/gm)];
  const at = exports.length > 0 ? exports.at(-1).index + exports.at(-1)[0].length : text.trimEnd().length;
  tree.write(CONTRACTS_INDEX, `${text.slice(0, at)}\n${line}${text.slice(at)}`);
  return `libs/contracts/src/${name}.ts (messages, item schema), exported from ${CONTRACTS_INDEX}`;
}
