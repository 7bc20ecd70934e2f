import { baseEnvSchema, loadConfig } from '@payday/nest-kit';

export const waitlistEnvSchema = baseEnvSchema;
export type WaitlistConfig = ReturnType<typeof loadWaitlistConfig>;

export function loadWaitlistConfig(env: NodeJS.ProcessEnv = process.env) {
  return loadConfig(waitlistEnvSchema, env);
}
