import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const KONG_FILE = resolve(REPO_ROOT, 'gateway/kong.yml');

/** Where the launcher keeps local state (embedded PostgreSQL, Redis, outbox): DATA_DIR or <repo>/.data. */
export function dataDirFrom(env = process.env) {
  return resolve(env.DATA_DIR || resolve(REPO_ROOT, '.data'));
}
