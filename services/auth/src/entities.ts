import { RecoveryToken } from './auth/recovery-token.entity.js';
import { EmailConfirmation } from './email-confirmation/email-confirmation.entity.js';
import { BackupCode } from './mfa/backup-code.entity.js';
import { MfaFactor } from './mfa/mfa-factor.entity.js';
import { SecurityKey } from './mfa/security-key.entity.js';
import { RefreshToken } from './sessions/refresh-token.entity.js';
import { User } from './users/user.entity.js';

/**
 * Every table of schema `auth`, for the database config (service-definition.ts). Each feature module
 * registers only the repositories it reads itself.
 */
export const AUTH_ENTITIES = [User, RefreshToken, MfaFactor, SecurityKey, BackupCode, RecoveryToken, EmailConfirmation];
