// A service's own credentials in the deployment: a Redis ACL user and a PostgreSQL role of its
// schema. Adds the user to k8s/base/redis/users.acl (its own key prefix and transport channels), its password
// to the Redis pod (k8s/base/redis.yaml) and to compose's redis, its schema to the role script's default list
// (k8s/base/postgres/service-roles.sh) and its role password to the roles Job (k8s/base/postgres-roles.yaml)
// and compose's postgres-roles. The service's own manifest and compose entry carry the matching URLs.
import { insertAfter, mapPairs, parseYaml, seqItems, valueOf } from './yaml-text.mjs';

const ACL = 'k8s/base/redis/users.acl';
const ROLES_SCRIPT = 'k8s/base/postgres/service-roles.sh';
const ROLES_JOB = 'k8s/base/postgres-roles.yaml';
const REDIS = 'k8s/base/redis.yaml';
const COMPOSE = 'docker-compose.yml';
const envName = (text) => text.toUpperCase().replace(/-/g, '_');

/**
 * Inserts a secretKeyRef env entry after the last env entry whose name starts with `prefix`, in the file's
 * first YAML document (the workload; a Service may follow after `---`).
 */
function addSecretEnv(tree, file, containerPath, prefix, name, key) {
  const whole = tree.read(file, 'utf-8');
  const boundary = whole.search(/^---$/m);
  const text = boundary === -1 ? whole : whole.slice(0, boundary);
  const rest = boundary === -1 ? '' : whole.slice(boundary);
  const env = seqItems(parseYaml(text, file), [...containerPath, 'env']);
  const model = env.filter((item) => String(valueOf(item, 'name')).startsWith(prefix)).at(-1);
  if (!model) throw new Error(`${file}: no ${prefix}* variable to follow`);
  const updated = insertAfter(text, model, [
    `- name: ${name}`,
    '  valueFrom:',
    '    secretKeyRef:',
    '      name: paycadence-secrets',
    `      key: ${key}`,
  ]);
  parseYaml(updated, file);
  tree.write(file, `${updated}${rest}`);
}

/** Inserts `NAME: ${NAME:?set NAME}` after the last entry of a compose service's environment starting with `prefix`. */
function addComposeSecret(tree, service, prefix, name) {
  const text = tree.read(COMPOSE, 'utf-8');
  const entries = mapPairs(parseYaml(text, COMPOSE), ['services', service, 'environment']);
  const model = entries.filter((pair) => String(valueOf(pair.key)).startsWith(prefix)).at(-1);
  if (!model) throw new Error(`${COMPOSE}: no ${prefix}* variable in ${service} to follow`);
  const updated = insertAfter(text, model, [`${name}: \${${name}:?set ${name}}`]);
  parseYaml(updated, COMPOSE);
  tree.write(COMPOSE, updated);
}

export function registerServiceCredentials(tree, name, snake) {
  const acl = tree.read(ACL, 'utf-8');
  const user = `user ${name} on ~${name}:* %R~paycadence:* resetchannels &${name}.* &paycadence:* +@all -@dangerous +info +client|setname +client|getname +client|id`;
  tree.write(ACL, `${acl.replace(/\n*$/, '\n')}${user}\n`);

  const script = tree.read(ROLES_SCRIPT, 'utf-8');
  const withSchema = script.replace(
    /(schemas="\$\{SERVICE_SCHEMAS:-)([a-z_ ]+)(\}")/,
    (_m, a, list, b) => `${a}${list} ${snake}${b}`,
  );
  if (withSchema === script) throw new Error(`${ROLES_SCRIPT}: no default SERVICE_SCHEMAS list`);
  tree.write(ROLES_SCRIPT, withSchema);

  const container = ['spec', 'template', 'spec', 'containers', 0];
  addSecretEnv(
    tree,
    ROLES_JOB,
    container,
    'DB_PASSWORD_',
    `DB_PASSWORD_${envName(snake)}`,
    `db-password-${name}`,
  );
  addSecretEnv(
    tree,
    REDIS,
    container,
    'REDIS_PASSWORD_',
    `REDIS_PASSWORD_${envName(name)}`,
    `redis-password-${name}`,
  );
  addComposeSecret(tree, 'postgres-roles', 'DB_PASSWORD_', `DB_PASSWORD_${envName(snake)}`);
  addComposeSecret(tree, 'redis', 'REDIS_PASSWORD_', `REDIS_PASSWORD_${envName(name)}`);
  return `Redis user ${name} (${ACL}, ${REDIS}, compose), PostgreSQL role ${snake}_service (${ROLES_SCRIPT}, ${ROLES_JOB}, compose)`;
}
