// `nx g @paycadence/tools:service <name> [--port N]`: a NestJS service under services/<name> on the nest-kit
// skeleton, registered everywhere the platform must know it. Any failed check throws before Nx writes a file.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateFiles } from '@nx/devkit';
import { appNames, assertNewAppName } from '../lib/app-name.mjs';
import { appImage, composeServiceNames, registerServiceInCompose } from '../lib/compose.registration.mjs';
import { registerContractsModule, registerServiceRoutes } from '../lib/contracts-routes.registration.mjs';
import { formatCreatedFiles } from '../lib/format-created-files.mjs';
import { registerServiceCredentials } from '../lib/credentials.registration.mjs';
import { registerInKubernetes } from '../lib/k8s.registration.mjs';
import { kongServiceNames, registerServiceInKong } from '../lib/kong.registration.mjs';
import { copyModelConfigFiles } from '../lib/model-files.mjs';
import { writePackageJson } from '../lib/package-json.mjs';
import { modelApp, writeProjectJson } from '../lib/project-json.mjs';
import { registerServicePort } from '../lib/service-ports.registration.mjs';
import { printSummary } from '../lib/summary.mjs';
import { registerTsconfigReference } from '../lib/tsconfig-references.registration.mjs';

const templates = path.join(path.dirname(fileURLToPath(import.meta.url)), 'files');

/** The one example route of the template's controller (src/<name>.controller.ts). */
export const exampleRoutes = (name) => [`GET /api/${name}/items/{id}`];

export default async function serviceGenerator(tree, options) {
  const names = appNames(options.name);
  const { name } = names;
  assertNewAppName(tree, name, {
    kongServiceNames: kongServiceNames(tree),
    composeServiceNames: composeServiceNames(tree),
  });
  const dir = `services/${name}`;
  // waitlist is the smallest service on the skeleton: the model for configuration and dependencies
  const model = modelApp(tree, 'services', ['waitlist']);
  const substitutions = {
    ...names,
    migrationTimestamp: Date.now(),
    image: appImage(tree, name),
    template: '',
  };

  generateFiles(tree, path.join(templates, 'app'), dir, substitutions);
  generateFiles(tree, path.join(templates, 'contracts'), 'libs/contracts/src', substitutions);
  generateFiles(tree, path.join(templates, 'k8s'), 'k8s/base', substitutions);
  const created = [
    writePackageJson(tree, 'services', model, name),
    writeProjectJson(tree, 'services', model, name),
    copyModelConfigFiles(tree, 'services', model, name),
  ];

  const registered = [
    registerServiceInKong(tree, name),
    registerServiceInCompose(tree, name, names.snake),
    registerInKubernetes(tree, name, 'services'),
    registerServiceCredentials(tree, name, names.snake),
    registerServicePort(tree, name, options.port),
    registerServiceRoutes(tree, name, exampleRoutes(name)),
    registerContractsModule(tree, name),
    registerTsconfigReference(tree, dir),
  ];
  await formatCreatedFiles(tree);

  return () =>
    printSummary({
      created: `${dir}: ${exampleRoutes(name).join(', ')} behind the AuthGuard, schema "${names.snake}" (${created.join('; ')})`,
      registered,
      next: [
        'npm install (links the new workspace)',
        `npx tsc -b ${dir}; npx jest -c ${dir}/jest.config.cjs; npx jest -c ${dir}/jest.int.config.cjs`,
        `replace the example item with the service's own model; keep libs/contracts/src/routes.ts in step with the controllers`,
      ],
    });
}
