import type { HouseholdRole } from '@paycadence/contracts';

export interface MemberRow {
  userId: string;
  role: HouseholdRole;
  joinedAt: Date;
}

/**
 * Who takes a household over when its owner's account is deleted: nobody when another owner
 * remains; else the partner who joined first, else the member who joined first. Ties on the joining time go
 * to the smaller id, so every replica picks the same person.
 */
export function successorOf(leavingId: string, rows: readonly MemberRow[]): string | null {
  const others = rows.filter((row) => row.userId !== leavingId);
  if (others.length === 0 || others.some((row) => row.role === 'owner')) return null;
  const byJoining = [...others].sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime() || a.userId.localeCompare(b.userId));
  return (byJoining.find((row) => row.role === 'partner') ?? byJoining[0]).userId;
}
