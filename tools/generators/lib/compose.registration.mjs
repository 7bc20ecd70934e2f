// docker-compose.yml: the app's image (built from the Dockerfile of its kind), after the other apps of its kind,
// and Kong waiting for it to be healthy.
import { insertAfter, mapPairs, parseYaml, valueOf } from './yaml-text.mjs';

export const COMPOSE_FILE = 'docker-compose.yml';
const DOCKERFILE = { services: 'docker/service.Dockerfile', frontends: 'docker/frontend.Dockerfile' };

export function composeServiceNames(tree) {
  return mapPairs(parseYaml(tree.read(COMPOSE_FILE, 'utf-8'), COMPOSE_FILE), ['services']).map((pair) =>
    valueOf(pair.key),
  );
}

/** The last compose service built from the Dockerfile of `kind`, optionally also matching `accept`. */
function lastOfKind(document, kind, accept = () => true) {
  const services = document.toJS().services;
  const ofKind = mapPairs(document, ['services']).filter((pair) => {
    const service = services[valueOf(pair.key)];
    return service?.build?.dockerfile === DOCKERFILE[kind] && accept(service);
  });
  if (ofKind.length === 0)
    throw new Error(`${COMPOSE_FILE}: no service built from ${DOCKERFILE[kind]} to follow`);
  return ofKind.at(-1);
}

/** `paycadence/` from `paycadence/finance`: every app image shares the prefix. */
function imagePrefix(pair) {
  const image = valueOf(pair.value, 'image') ?? '';
  const name = valueOf(pair.key);
  return image.endsWith(`/${name}`) ? image.slice(0, -name.length) : '';
}

/** The image a new app gets: the prefix the other app images share (`paycadence/`) and its name. */
export function appImage(tree, name) {
  const model = lastOfKind(parseYaml(tree.read(COMPOSE_FILE, 'utf-8'), COMPOSE_FILE), 'services');
  return `${imagePrefix(model)}${name}`;
}

function addKongDependency(text, name) {
  const dependencies = mapPairs(parseYaml(text, COMPOSE_FILE), ['services', 'kong', 'depends_on']);
  if (dependencies.length === 0) return text;
  return insertAfter(text, dependencies.at(-1), [`${name}:`, '  condition: service_healthy']);
}

function register(tree, lines, name, model) {
  const text = tree.read(COMPOSE_FILE, 'utf-8');
  const withService = insertAfter(text, model, lines, { blankLineBefore: true });
  const updated = addKongDependency(withService, name);
  // fails here if an anchor the block names (*service-env, ...) no longer exists
  parseYaml(updated, COMPOSE_FILE);
  tree.write(COMPOSE_FILE, updated);
}

/**
 * A NestJS service: the shared environment plus its own PostgreSQL role and Redis user, readiness
 * health check, healthy PostgreSQL, Redis and auth.
 */
export function registerServiceInCompose(tree, name, snake) {
  const database = `DB_PASSWORD_${snake.toUpperCase()}`;
  const redis = `REDIS_PASSWORD_${name.toUpperCase().replace(/-/g, '_')}`;
  const model = lastOfKind(parseYaml(tree.read(COMPOSE_FILE, 'utf-8'), COMPOSE_FILE), 'services');
  register(
    tree,
    [
      `${name}:`,
      '  build:',
      '    context: .',
      `    dockerfile: ${DOCKERFILE.services}`,
      '    args:',
      `      SERVICE: ${name}`,
      `  image: ${appImage(tree, name)}`,
      '  environment:',
      '    <<: *service-env',
      `    DATABASE_URL: postgres://${snake}_service:\${${database}:?set ${database}}@postgres:5432/\${POSTGRES_DB:-paycadence}`,
      `    REDIS_URL: redis://${name}:\${${redis}:?set ${redis}}@redis:6379`,
      "  expose: ['3000']",
      '  healthcheck: *service-healthcheck',
      '  depends_on:',
      '    <<: *backing-ready',
      "    # the AuthGuard verifies tokens against auth's JWKS",
      '    auth:',
      '      condition: service_healthy',
      '  restart: unless-stopped',
    ],
    name,
    model,
  );
  return `${COMPOSE_FILE}: service ${name} (${DOCKERFILE.services}, SERVICE=${name}), in kong's depends_on`;
}

/** A federated remote: nginx on 8080 with the remote config (the Dockerfile's default NGINX_CONF). */
export function registerRemoteInCompose(tree, name) {
  const document = parseYaml(tree.read(COMPOSE_FILE, 'utf-8'), COMPOSE_FILE);
  const model = lastOfKind(document, 'frontends', (service) => !service.build?.args?.NGINX_CONF);
  register(
    tree,
    [
      `${name}:`,
      '  build:',
      '    context: .',
      `    dockerfile: ${DOCKERFILE.frontends}`,
      '    args:',
      `      APP: ${name}`,
      `  image: ${appImage(tree, name)}`,
      "  expose: ['8080']",
      '  healthcheck: *frontend-healthcheck',
      '  restart: unless-stopped',
    ],
    name,
    model,
  );
  return `${COMPOSE_FILE}: service ${name} (${DOCKERFILE.frontends}, APP=${name}), in kong's depends_on`;
}
