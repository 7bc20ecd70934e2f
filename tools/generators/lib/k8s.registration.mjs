// k8s/: the base kustomization lists the app's manifest (k8s/base/<name>.yaml, written from the generator's
// template), and every overlay that pins images or scales apps does the same for the new one.
import { insertAfter, parseYaml, seqItems, valueOf } from './yaml-text.mjs';

export const K8S_BASE = 'k8s/base';
const KUSTOMIZATION = `${K8S_BASE}/kustomization.yaml`;
const OVERLAYS = 'k8s/overlays';

/** The last item naming an app of `kind` (services/ or frontends/ folder), else the last item. */
function lastOfKind(tree, items, kind, appOf) {
  const ofKind = items.filter((item) => {
    const app = appOf(item);
    return app !== undefined && tree.exists(`${kind}/${app}/package.json`);
  });
  return ofKind.at(-1) ?? items.at(-1);
}

function addBaseResource(tree, name, kind) {
  const text = tree.read(KUSTOMIZATION, 'utf-8');
  const resources = seqItems(parseYaml(text, KUSTOMIZATION), ['resources']);
  const model = lastOfKind(tree, resources, kind, (item) => String(valueOf(item)).replace(/\.ya?ml$/, ''));
  if (!model) throw new Error(`${KUSTOMIZATION}: no resources list`);
  const updated = insertAfter(text, model, [`- ${name}.yaml`]);
  parseYaml(updated, KUSTOMIZATION);
  tree.write(KUSTOMIZATION, updated);
}

/** Adds the app to an overlay's `images` (same registry and tag as its model) and `replicas` (same count). */
function addToOverlay(tree, file, name, kind) {
  let text = tree.read(file, 'utf-8');
  const added = [];

  const images = seqItems(parseYaml(text, file), ['images']);
  const imageModel = lastOfKind(tree, images, kind, (item) =>
    String(valueOf(item, 'name')).split('/').at(-1),
  );
  if (imageModel) {
    const modelApp = String(valueOf(imageModel, 'name')).split('/').at(-1);
    const swap = (value) => String(value).replace(new RegExp(`${modelApp}$`), name);
    const lines = [`- name: ${swap(valueOf(imageModel, 'name'))}`];
    if (valueOf(imageModel, 'newName') !== undefined)
      lines.push(`  newName: ${swap(valueOf(imageModel, 'newName'))}`);
    if (valueOf(imageModel, 'newTag') !== undefined) lines.push(`  newTag: ${valueOf(imageModel, 'newTag')}`);
    text = insertAfter(text, imageModel, lines);
    added.push('images');
  }

  const replicas = seqItems(parseYaml(text, file), ['replicas']);
  const replicaModel = lastOfKind(tree, replicas, kind, (item) => valueOf(item, 'name'));
  if (replicaModel && tree.exists(`${kind}/${valueOf(replicaModel, 'name')}/package.json`)) {
    text = insertAfter(text, replicaModel, [`- name: ${name}`, `  count: ${valueOf(replicaModel, 'count')}`]);
    added.push('replicas');
  }

  if (added.length === 0) return undefined;
  parseYaml(text, file);
  tree.write(file, text);
  return `${file} (${added.join(', ')})`;
}

/** Lists k8s/base/<name>.yaml in the base kustomization and adds the app to every overlay that lists apps. */
export function registerInKubernetes(tree, name, kind) {
  addBaseResource(tree, name, kind);
  const overlays = tree.exists(OVERLAYS)
    ? tree
        .children(OVERLAYS)
        .map((overlay) => `${OVERLAYS}/${overlay}/kustomization.yaml`)
        .filter((file) => tree.exists(file))
        .map((file) => addToOverlay(tree, file, name, kind))
        .filter(Boolean)
    : [];
  return `${K8S_BASE}/${name}.yaml (Deployment + Service), listed in ${KUSTOMIZATION}${
    overlays.length > 0 ? `; ${overlays.join('; ')}` : ''
  }`;
}
