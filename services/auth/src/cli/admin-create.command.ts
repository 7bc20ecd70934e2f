import { parseArgs } from 'node:util';
import { InvalidEnvironmentError, RedisModule, ValidationFailedError, createServiceContext } from '@paycadence/nest-kit';
import { AdminAccountsModule } from '../admin/admin-accounts.module.js';
import { AdminAccountsService, UnconfirmedAccountError } from '../admin/admin-accounts.service.js';
import { serviceDefinition } from '../service-definition.js';
import { AuthKeysModule } from '../tokens/auth-keys.module.js';
import { loadAuthKeys } from '../tokens/auth-keys.js';

export const ADMIN_CREATE_USAGE = 'Usage: npm run admin:create -- --email admin@example.com --password <at least 6 characters>';

export interface CommandOutcome {
  exitCode: number;
  /** What to print: on stdout when the exit code is 0, else on stderr. */
  message: string;
}

/**
 * `admin:create`: creates an admin, or promotes the account holding the address and sets the given password
 * (docs/security.md), through the service's own accounts code: its migrations, rules and password hashing. An account
 * whose owner never confirmed the address is refused (exit 1); a promoted account's sessions all end, announced
 * over Redis so its access tokens stop at once.
 * `--schema` names another schema than the service's (tests, a second stack in one database).
 */
export async function runAdminCreate(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<CommandOutcome> {
  let values: { email?: string; password?: string; schema?: string };
  try {
    ({ values } = parseArgs({ args: argv, options: { email: { type: 'string' }, password: { type: 'string' }, schema: { type: 'string' } } }));
  } catch (error) {
    return { exitCode: 2, message: `${(error as Error).message}\n${ADMIN_CREATE_USAGE}` };
  }
  if (values.email === undefined || values.password === undefined) return { exitCode: 2, message: ADMIN_CREATE_USAGE };
  if (values.schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(values.schema)) return { exitCode: 2, message: `Invalid --schema "${values.schema}"` };

  try {
    const context = await createServiceContext(serviceDefinition, {
      env,
      databaseSchema: values.schema,
      imports: (config) => [AuthKeysModule.forRoot(loadAuthKeys(config)), RedisModule.forRoot(() => config.REDIS_URL), AdminAccountsModule],
    });
    try {
      const { user, created } = await context.get(AdminAccountsService).createOrPromote({ email: values.email, password: values.password });
      return {
        exitCode: 0,
        message: created
          ? `Created admin ${user.email} (${user.id}).`
          : `Promoted ${user.email} (${user.id}) to admin, set the given password and ended its sessions.`,
      };
    } finally {
      await context.close();
    }
  } catch (error) {
    if (error instanceof ValidationFailedError) return { exitCode: 1, message: Object.values(error.errors ?? {}).join('\n') || error.message };
    if (error instanceof InvalidEnvironmentError || error instanceof UnconfirmedAccountError) return { exitCode: 1, message: error.message };
    throw error;
  }
}
