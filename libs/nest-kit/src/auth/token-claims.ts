/** JWT settings shared by the issuer (services/auth) and every verifier. */
export const TOKEN_ISSUER = 'paycadence-auth';
export const TOKEN_AUDIENCE = 'paycadence';
/**
 * docs/product/accounts.md §9: accepted token algorithms RS256 and ES256; we issue ES256. Each is bound to its key type
 * (ES256: EC P-256, RS256: RSA), never to a shared secret.
 */
export const ACCEPTED_ALGORITHMS = ['ES256', 'RS256'] as const;
/** docs/product/accounts.md §9: signing-key set cached 10 minutes. */
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

/** The claims of a verified token. */
export interface TokenClaims {
  sub: string;
  exp: number;
  token_use: TokenUse;
  iss?: string;
  aud?: string | string[];
  iat?: number;
  nbf?: number;
  jti?: string;
  [claim: string]: unknown;
}

/** What the guard puts on `request.user`; unknown role and aal values fall to the least privilege. */
export function toAuthenticatedUser(claims: TokenClaims): AuthenticatedUser {
  return {
    id: claims.sub,
    role: claims.role === 'admin' ? 'admin' : 'user',
    aal: claims.aal === 'aal2' ? 'aal2' : 'aal1',
    email: typeof claims.email === 'string' ? claims.email : undefined,
    sessionId: typeof claims.sid === 'string' ? claims.sid : undefined,
  };
}
