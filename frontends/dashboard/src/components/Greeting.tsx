import type { AuthUser } from '@paycadence/contracts';

/** docs/product/signed-in.md §2: 'Hi {first name, or the part of the e-mail before the @, or there}!'. */
export function greetingName(user: Pick<AuthUser, 'firstName' | 'email'> | null | undefined): string {
  const first = user?.firstName?.trim();
  if (first) return first;
  const local = user?.email?.split('@')[0]?.trim();
  return local || 'there';
}
