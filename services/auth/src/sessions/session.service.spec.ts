import { fixedClock, type AssuranceLevel } from '@payday/nest-kit';
import { sha256 } from '../crypto/tokens.js';
import type { RefreshTokenStore, StoredRefreshToken } from './refresh-token.store.js';
import { SessionService, type SessionUser } from './session.service.js';

/** An in-memory double of the refresh-token table. */
class MemoryStore implements RefreshTokenStore {
  rows: (StoredRefreshToken & { tokenHash: string })[] = [];
  async insert(row: { userId: string; familyId: string; tokenHash: string; aal: AssuranceLevel; expiresAt: Date }) {
    this.rows.push({ ...row, id: `row-${this.rows.length}`, usedAt: null, revokedAt: null });
  }
  async findByHash(tokenHash: string) {
    return this.rows.find((row) => row.tokenHash === tokenHash) ?? null;
  }
  async markUsed(id: string, at: Date) {
    const row = this.rows.find((candidate) => candidate.id === id);
    if (!row || row.usedAt) return false;
    row.usedAt = at;
    return true;
  }
  async revokeFamily(familyId: string, at: Date) {
    for (const row of this.rows) if (row.familyId === familyId) row.revokedAt ??= at;
  }
  async revokeAllForUser(userId: string, at: Date) {
    for (const row of this.rows) if (row.userId === userId) row.revokedAt ??= at;
  }
  async raiseFamily(userId: string, familyId: string) {
    const live = this.rows.filter((row) => row.userId === userId && row.familyId === familyId && !row.usedAt && !row.revokedAt);
    for (const row of live) row.aal = 'aal2';
    return live.length > 0;
  }
  async revokeOtherFamilies(userId: string, keepFamilyId: string, at: Date) {
    for (const row of this.rows) if (row.userId === userId && row.familyId !== keepFamilyId) row.revokedAt ??= at;
  }
}

function setup() {
  const store = new MemoryStore();
  const clock = fixedClock('2026-03-15T12:00:00Z');
  const user: SessionUser = { id: 'u1', email: 'ann@example.com', role: 'user', status: 'active' };
  const signer = { access: jest.fn(async (_user: unknown, sid: string, aal: AssuranceLevel) => ({ token: `access:${sid}:${aal}`, expiresAt: 1 })) };
  const service = new SessionService(store, signer, { sessionUser: async (id) => (id === user.id ? user : null) }, clock);
  return { store, service, user, signer, advance: (ms: number) => clock.advance(ms) };
}

describe('SessionService rotation (DESIGN §4)', () => {
  it('starts a family with a hashed refresh token and a 15-minute access token', async () => {
    const { service, store, user } = setup();
    const session = await service.start(user, 'aal1');
    expect(session).toMatchObject({ expires_in: 900, token_type: 'bearer' });
    expect(store.rows).toHaveLength(1);
    expect(store.rows[0].tokenHash).toBe(sha256(session.refresh_token));
    expect(JSON.stringify(store.rows)).not.toContain(session.refresh_token);
  });

  it('spends the presented token and issues the next of the same family and assurance level', async () => {
    const { service, store, user, signer } = setup();
    const first = await service.start(user, 'aal2');
    const { session } = await service.rotate(first.refresh_token);
    expect(session.refresh_token).not.toBe(first.refresh_token);
    expect(store.rows[0].usedAt).not.toBeNull();
    expect(store.rows[1].familyId).toBe(store.rows[0].familyId);
    expect(signer.access).toHaveBeenLastCalledWith(user, store.rows[0].familyId, 'aal2');
  });

  it('revokes the whole family when a spent token comes back', async () => {
    const { service, store, user } = setup();
    const first = await service.start(user, 'aal1');
    const second = (await service.rotate(first.refresh_token)).session;
    await expect(service.rotate(first.refresh_token)).rejects.toMatchObject({ code: 'INVALID_REFRESH_TOKEN', status: 401 });
    expect(store.rows.every((row) => row.revokedAt)).toBe(true);
    await expect(service.rotate(second.refresh_token)).rejects.toMatchObject({ code: 'INVALID_REFRESH_TOKEN', status: 401 });
  });

  it('leaves other families alone', async () => {
    const { service, user } = setup();
    const a = await service.start(user, 'aal1');
    const b = await service.start(user, 'aal1');
    await service.rotate(a.refresh_token);
    await expect(service.rotate(a.refresh_token)).rejects.toThrow();
    await expect(service.rotate(b.refresh_token)).resolves.toBeDefined();
  });

  it('refuses an expired token (30 days) and an unknown one', async () => {
    const { service, user, advance } = setup();
    const first = await service.start(user, 'aal1');
    advance(30 * 24 * 3600 * 1000);
    await expect(service.rotate(first.refresh_token)).rejects.toMatchObject({ code: 'INVALID_REFRESH_TOKEN', status: 401 });
    await expect(service.rotate('nope')).rejects.toMatchObject({ code: 'INVALID_REFRESH_TOKEN', status: 401 });
  });

  it('refuses a suspended user with 403 and ends that family', async () => {
    const { service, store, user } = setup();
    const first = await service.start(user, 'aal1');
    user.status = 'suspended';
    await expect(service.rotate(first.refresh_token)).rejects.toMatchObject({ code: 'ACCOUNT_SUSPENDED', status: 403 });
    expect(store.rows[0].revokedAt).not.toBeNull();
  });

  it('says "suspended", not "invalid", for the refresh a suspension revoked (issue 9)', async () => {
    const { service, user } = setup();
    const session = await service.start(user, 'aal1');
    await service.revokeAll(user.id); // what suspending does
    user.status = 'suspended';
    await expect(service.rotate(session.refresh_token)).rejects.toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
    user.status = 'active'; // activated again: the revoked token stays dead
    await expect(service.rotate(session.refresh_token)).rejects.toMatchObject({ code: 'INVALID_REFRESH_TOKEN' });
  });

  it('revokeAll ends every family of the user', async () => {
    const { service, user } = setup();
    const a = await service.start(user, 'aal1');
    const b = await service.start(user, 'aal2');
    await service.revokeAll(user.id);
    await expect(service.rotate(a.refresh_token)).rejects.toThrow();
    await expect(service.rotate(b.refresh_token)).rejects.toThrow();
  });

  it('logout by token only touches the caller’s own family', async () => {
    const { service, user } = setup();
    const a = await service.start(user, 'aal1');
    await service.revokeByToken(a.refresh_token, 'someone-else');
    await expect(service.rotate(a.refresh_token)).resolves.toBeDefined();
  });

  it('logout by the refresh token alone ends that family (security review 7)', async () => {
    const { service, user } = setup();
    const a = await service.start(user, 'aal1');
    await service.revokeByToken(a.refresh_token);
    await expect(service.rotate(a.refresh_token)).rejects.toMatchObject({ code: 'INVALID_REFRESH_TOKEN', status: 401 });
  });

  it('revokeOtherFamilies keeps only the caller’s family (security review 7)', async () => {
    const { service, store, user } = setup();
    const mine = await service.start(user, 'aal1');
    const other = await service.start(user, 'aal1');
    await service.revokeOtherFamilies(user.id, store.rows[0].familyId);
    await expect(service.rotate(other.refresh_token)).rejects.toMatchObject({ code: 'INVALID_REFRESH_TOKEN', status: 401 });
    await expect(service.rotate(mine.refresh_token)).resolves.toBeDefined();
  });

  it('raiseFamilyToAal2 makes the family’s next refresh aal2 without minting a token (security review 5)', async () => {
    const { service, store, user } = setup();
    const mine = await service.start(user, 'aal1');
    const familyId = store.rows[0].familyId;
    expect(await service.raiseFamilyToAal2('someone-else', familyId)).toBe(false);
    expect(await service.raiseFamilyToAal2(user.id, undefined)).toBe(false);
    expect(await service.raiseFamilyToAal2(user.id, familyId)).toBe(true);
    expect(store.rows).toHaveLength(1);
    const next = await service.rotate(mine.refresh_token);
    expect(next.session.access_token).toBe(`access:${familyId}:aal2`);
  });
});
