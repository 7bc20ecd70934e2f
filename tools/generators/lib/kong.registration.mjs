// gateway/kong.yml, the one list of routes, and its byte-identical Kubernetes copy (k8s/base/kong.yml).
import { entrySource, insertAfter, parseYaml, reindent, seqItems, valueOf } from './yaml-text.mjs';

export const KONG_FILE = 'gateway/kong.yml';
export const KONG_K8S_COPY = 'k8s/base/kong.yml';

const hostOf = (item) => {
  try {
    return new URL(valueOf(item, 'url')).hostname;
  } catch {
    return undefined;
  }
};
const pathsOf = (item) => (valueOf(item, 'routes') ?? []).flatMap((route) => route.paths ?? []);

export function kongServiceNames(tree) {
  return seqItems(parseYaml(tree.read(KONG_FILE, 'utf-8'), KONG_FILE), ['services']).map((item) =>
    valueOf(item, 'name'),
  );
}

/** The entry a new service follows: the last API service (upstream in services/), for its place and plugins. */
function lastApiService(tree, items) {
  const api = items.filter((item) => tree.exists(`services/${hostOf(item)}/package.json`));
  if (api.length === 0) throw new Error(`${KONG_FILE}: no API service to model a new one on`);
  return api.at(-1);
}

function lastRemote(items) {
  const remotes = items.filter((item) => pathsOf(item).some((path) => path.startsWith('/remotes/')));
  return remotes.at(-1);
}

function writeBoth(tree, text) {
  tree.write(KONG_FILE, text);
  // kustomize refuses files outside its root, so Kubernetes reads a copy; tests/deploy holds them identical
  tree.write(KONG_K8S_COPY, text);
}

/** Adds `http://<name>:3000` with the route /api/<name> and the plugins the last API service has. */
export function registerServiceInKong(tree, name) {
  const text = tree.read(KONG_FILE, 'utf-8');
  const items = seqItems(parseYaml(text, KONG_FILE), ['services']);
  const model = lastApiService(tree, items);
  const plugins = model.items.find((pair) => valueOf(pair.key) === 'plugins');
  const lines = [
    `- name: ${name}`,
    `  url: http://${name}:3000`,
    '  routes:',
    `    - name: ${name}-api`,
    `      paths: [/api/${name}]`,
    '      strip_path: false',
    ...(plugins ? reindent(entrySource(text, plugins), '  ') : []),
  ];
  const updated = insertAfter(text, model, lines, { blankLineBefore: true });
  parseYaml(updated, KONG_FILE);
  writeBoth(tree, updated);
  const pluginNames = (valueOf(plugins?.value) ?? []).map((plugin) => plugin.name).join(', ');
  return `${KONG_FILE} (+ ${KONG_K8S_COPY}): service ${name} → http://${name}:3000, route /api/${name}${
    pluginNames ? `, plugins as ${valueOf(model, 'name')} (${pluginNames})` : ''
  }`;
}

/** Adds `http://<name>:8080` at /remotes/<name>/ with the prefix stripped, after the other remotes. */
export function registerRemoteInKong(tree, name) {
  const text = tree.read(KONG_FILE, 'utf-8');
  const items = seqItems(parseYaml(text, KONG_FILE), ['services']);
  const model = lastRemote(items) ?? lastApiService(tree, items);
  const lines = [
    `- name: ${name}`,
    `  url: http://${name}:8080`,
    '  routes:',
    `    - name: ${name}-remote`,
    `      paths: [/remotes/${name}/]`,
    '      strip_path: true',
  ];
  const updated = insertAfter(text, model, lines, { blankLineBefore: true });
  parseYaml(updated, KONG_FILE);
  writeBoth(tree, updated);
  return `${KONG_FILE} (+ ${KONG_K8S_COPY}): service ${name} → http://${name}:8080, route /remotes/${name}/ (strip_path)`;
}
