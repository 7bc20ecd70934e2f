/** The signed-in user as services/auth returns it (DESIGN §4, libs/contracts AuthUserSchema). */
export interface AuthUser {
  id: string;
  email: string;
  role: 'user' | 'admin';
  status: 'active' | 'suspended';
  firstName: string | null;
  lastName: string | null;
  created_at: string;
  mfa_enabled: boolean;
  phone?: string | null;
  dateOfBirth?: string | null;
  address?: { street?: string; city?: string; state?: string; zipCode?: string; country?: string } | null;
  /** Only in `me` and `update-profile` answers (the profile screen); never stored. */
  ssn?: string | null;
}

/** Tokens of a session (DESIGN §4). `expires_at` (unix seconds) is computed from `expires_in` when missing. */
export interface AuthSession {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires_at?: number;
  token_type: 'bearer';
}

/** What POST /api/auth/login, /register and /api/mfa/verify answer when a session is issued. */
export interface SessionAnswer {
  user: AuthUser;
  session: AuthSession;
}

export type SignInResult =
  | { mfaRequired: true; mfaToken: string; userId: string; message?: string }
  | { mfaRequired: false; user: AuthUser };

export interface VerifyMfaResult {
  valid: boolean;
  message?: string;
}
