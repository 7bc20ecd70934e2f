/** JWT settings shared by the issuer (services/auth) and every verifier. */
export const TOKEN_ISSUER = 'paycadence-auth';
export const TOKEN_AUDIENCE = 'paycadence';
/** spec part 1 §9: accepted token algorithms RS256 and ES256; we issue ES256. */
export const ACCEPTED_ALGORITHMS = ['ES256', 'RS256'];
/** spec part 1 §9: signing-key set cached 10 minutes. */
export const JWKS_CACHE_MS = 10 * 60 * 1000;

/**
 * `token_use` keeps the kinds of token apart: only `access` opens the API; `mfa` only finishes a two-factor
 * sign-in; `recovery` only sets a new password.
 */
export type TokenUse = 'access' | 'mfa' | 'recovery';
export type Role = 'user' | 'admin';
/** Authenticator assurance: aal1 = password, aal2 = password + second factor. */
export type AssuranceLevel = 'aal1' | 'aal2';

export interface AuthenticatedUser {
  id: string;
  role: Role;
  aal: AssuranceLevel;
  email?: string;
  /** The refresh-token family (one per sign-in). */
  sessionId?: string;
}
