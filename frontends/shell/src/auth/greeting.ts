import type { AuthUser } from '@paycadence/contracts';

/** docs/product/accounts.md §2: 'Hi {first name, else the part of the e-mail before the @, else there}!'. */
export function greetingName(user: Pick<AuthUser, 'firstName' | 'email'> | null | undefined): string {
  const first = user?.firstName?.trim();
  if (first) return first;
  return user?.email?.split('@')[0]?.trim() || 'there';
}

export const greeting = (user: Pick<AuthUser, 'firstName' | 'email'> | null | undefined) => `Hi ${greetingName(user)}!`;
