/** The tokens a reset link carries in its fragment: `#access_token=…&refresh_token=…&type=recovery`. */
export interface ResetLinkTokens {
  accessToken: string;
  refreshToken: string;
}

/** docs/product/accounts.md §2: both tokens must be present, else the link is invalid (null). */
export function readResetLinkTokens(hash: string): ResetLinkTokens | null {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const accessToken = params.get('access_token')?.trim();
  const refreshToken = params.get('refresh_token')?.trim();
  return accessToken && refreshToken ? { accessToken, refreshToken } : null;
}
