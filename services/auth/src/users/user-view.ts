import type { AuthUser } from '@paycadence/contracts';
import type { User } from './user.entity.js';

/** docs/security.md's `user` (plus the profile fields the screens show); never the hash or sealed values. */
export function toUserView(user: User, mfaEnabled: boolean, ssnLast4?: string | null): AuthUser {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    status: user.status,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    dateOfBirth: user.dateOfBirth,
    address: user.address ? { country: 'US', ...user.address } : null,
    created_at: new Date(user.createdAt).toISOString(),
    mfa_enabled: mfaEnabled,
    email_confirmed: user.emailConfirmedAt !== null && user.emailConfirmedAt !== undefined,
    ...(ssnLast4 !== undefined ? { ssn: ssnLast4 } : {}),
  };
}
