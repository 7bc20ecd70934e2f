import { baseEnvSchema } from '@paycadence/nest-kit';
import type { z } from 'zod';

/** The waitlist needs only what every service reads (docs/conventions.md §1). */
export const waitlistEnvSchema = baseEnvSchema;
export type WaitlistConfig = z.output<typeof waitlistEnvSchema>;
