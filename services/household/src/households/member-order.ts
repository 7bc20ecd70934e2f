import { HOUSEHOLD_ROLES, type HouseholdRole } from '@paycadence/contracts';

const RANK = new Map<string, number>(HOUSEHOLD_ROLES.map((role, index) => [role, index]));

/** Members are listed owners first, then partners, then members; by name within a role. */
export function byRoleThenName<T extends { role: HouseholdRole | string; name: string }>(a: T, b: T): number {
  const byRole = (RANK.get(a.role) ?? HOUSEHOLD_ROLES.length) - (RANK.get(b.role) ?? HOUSEHOLD_ROLES.length);
  return byRole || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });
}

/** Would these roles, after a change, still include an owner? (a household never has zero owners) */
export const keepsAnOwner = (roles: readonly string[]): boolean => roles.includes('owner');
