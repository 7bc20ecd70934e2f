// Every service under services/ and its PostgreSQL schema, read from its service-definition (the one source),
// so the deploy suites cover a service the day the generator adds it.
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../contract/kong-config.loader.js';

/** Service folder name → schema, e.g. { 'bank-sync': 'bank_sync', auth: 'auth', ... }, sorted by name. */
export function serviceSchemas(): Record<string, string> {
  const servicesDir = path.join(repoRoot, 'services');
  return Object.fromEntries(
    fs
      .readdirSync(servicesDir)
      .filter((name) => fs.existsSync(path.join(servicesDir, name, 'src/service-definition.ts')))
      .sort()
      .map((name) => {
        const source = fs.readFileSync(path.join(servicesDir, name, 'src/service-definition.ts'), 'utf8');
        const match = /schema: '([a-z_]+)'/.exec(source);
        if (!match) throw new Error(`no schema in services/${name}/src/service-definition.ts`);
        return [name, match[1]];
      }),
  );
}

/** `bank-sync` → `BANK_SYNC`: the suffix of DB_PASSWORD_* and REDIS_PASSWORD_* variables. */
export const envName = (name: string) => name.toUpperCase().replace(/-/g, '_');
