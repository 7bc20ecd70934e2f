// `nx g @paycadence/tools:remote <name>`: a federated React remote under frontends/<name>, modelled on a small
// remote, and registered everywhere the platform must know it. Any failed check throws before Nx writes a file.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateFiles } from '@nx/devkit';
import { appNames, assertNewAppName } from '../lib/app-name.mjs';
import { appImage, composeServiceNames, registerRemoteInCompose } from '../lib/compose.registration.mjs';
import { formatCreatedFiles } from '../lib/format-created-files.mjs';
import { registerInKubernetes } from '../lib/k8s.registration.mjs';
import { kongServiceNames, registerRemoteInKong } from '../lib/kong.registration.mjs';
import { writePackageJson } from '../lib/package-json.mjs';
import { modelApp, writeProjectJson } from '../lib/project-json.mjs';
import { registerRemoteInManifest, registerRemoteRefName } from '../lib/shell-remotes.registration.mjs';
import { printSummary } from '../lib/summary.mjs';

const templates = path.join(path.dirname(fileURLToPath(import.meta.url)), 'files');
const FIRST_DEV_PORT = 5174;
// The shell hosts; every other frontend is a remote, and public-site is the small one to model on.
const isRemote = (name) => name !== 'shell';

/** The next Vite dev-server port after those the frontends' vite configs already use. */
function nextDevPort(tree) {
  const ports = tree
    .children('frontends')
    .map((app) => `frontends/${app}/vite.config.ts`)
    .filter((file) => tree.exists(file))
    .flatMap((file) =>
      [...tree.read(file, 'utf-8').matchAll(/\bport:\s*(\d+)/g)].map((match) => Number(match[1])),
    );
  return Math.max(FIRST_DEV_PORT - 1, ...ports) + 1;
}

export default async function remoteGenerator(tree, options) {
  const names = appNames(options.name);
  const { name, pascal } = names;
  assertNewAppName(tree, name, {
    kongServiceNames: kongServiceNames(tree),
    composeServiceNames: composeServiceNames(tree),
  });
  const dir = `frontends/${name}`;
  const model = modelApp(tree, 'frontends', ['public-site'], isRemote);

  generateFiles(tree, path.join(templates, 'app'), dir, {
    ...names,
    devPort: nextDevPort(tree),
    template: '',
  });
  generateFiles(tree, path.join(templates, 'k8s'), 'k8s/base', {
    ...names,
    image: appImage(tree, name),
    template: '',
  });
  const created = [
    writePackageJson(tree, 'frontends', model, name, {
      dependencies: [
        '@paycadence/contracts',
        '@paycadence/web-kit',
        '@tanstack/react-query',
        'react',
        'react-dom',
        'react-router-dom',
      ],
    }),
    writeProjectJson(tree, 'frontends', model, name),
  ];

  const registered = [
    registerRemoteInKong(tree, name),
    registerRemoteInCompose(tree, name),
    registerInKubernetes(tree, name, 'frontends'),
    registerRemoteInManifest(tree, name),
    registerRemoteRefName(tree, name),
  ];
  await formatCreatedFiles(tree);

  return () =>
    printSummary({
      created: `${dir}: exposes './${pascal}Page' (${created.join('; ')})`,
      registered,
      next: [
        'npm install (links the new workspace)',
        `the shell's route table (appRoutes in frontends/shell/src/routes.tsx) gets no entry: a new remote has no routes until you add one, e.g. { path: '/${name}', title: '${names.title}', remote: { name: '${name}', module: './${pascal}Page' } }`,
        `npx vitest run --root ${dir}; npm start serves it at /remotes/${name}/`,
      ],
    });
}
