import { fixedClock, type AssuranceLevel } from '@paycadence/nest-kit';
import { sha256 } from '../crypto/tokens.js';
import type { Redis } from 'ioredis';
import type { RefreshTokenStore, Rotation, StoredRefreshToken, Successor } from './refresh-token.store.js';
import { SessionService, type SessionUser } from './session.service.js';

/** An in-memory double of the refresh-token table (single-threaded, so each call is its own transaction). */
class MemoryStore implements RefreshTokenStore {
  rows: (StoredRefreshToken & { tokenHash: string })[] = [];
  async insert(row: { userId: string; familyId: string; tokenHash: string; aal: AssuranceLevel; expiresAt: Date }) {
    this.rows.push({ ...row, id: `row-${this.rows.length}`, usedAt: null, revokedAt: null });
  }
  async findByHash(tokenHash: string) {
    return this.rows.find((row) => row.tokenHash === tokenHash) ?? null;
  }
  async rotate(tokenHash: string, successor: Successor, now: Date): Promise<Rotation> {
    const stored = this.rows.find((row) => row.tokenHash === tokenHash);
    if (!stored) return { outcome: 'unknown' };
    if (stored.revokedAt) return { outcome: 'revoked' };
    if (stored.usedAt) return { outcome: 'reused', revokedFamilies: this.revoke((row) => row.familyId === stored.familyId, now) };
    if (stored.expiresAt.getTime() <= now.getTime()) return { outcome: 'expired' };
    stored.usedAt = now;
    await this.insert({ userId: stored.userId, familyId: stored.familyId, aal: stored.aal, ...successor });
    return { outcome: 'rotated', spent: stored };
  }
  private revoke(which: (row: StoredRefreshToken) => boolean, at: Date): string[] {
    const ended = this.rows.filter((row) => which(row) && !row.revokedAt);
    for (const row of ended) row.revokedAt = at;
    return [...new Set(ended.filter((row) => !row.usedAt).map((row) => row.familyId))];
  }
  async revokeFamily(familyId: string, at: Date) {
    return this.revoke((row) => row.familyId === familyId, at);
  }
  async revokeAllForUser(userId: string, at: Date) {
    return this.revoke((row) => row.userId === userId, at);
  }
  async raiseFamily(userId: string, familyId: string) {
    const live = this.rows.filter((row) => row.userId === userId && row.familyId === familyId && !row.usedAt && !row.revokedAt);
    for (const row of live) row.aal = 'aal2';
    return live.length > 0;
  }
  async revokeOtherFamilies(userId: string, keepFamilyId: string, at: Date) {
    return this.revoke((row) => row.userId === userId && row.familyId !== keepFamilyId, at);
  }
}

/** What SessionRevocations sends to Redis: the keys set and the messages published. */
class RecordingRedis {
  keys: string[] = [];
  messages: unknown[] = [];
  multi() {
    const batch = {
      set: (key: string) => (this.keys.push(key), batch),
      publish: (_channel: string, message: string) => (this.messages.push(JSON.parse(message)), batch),
      exec: async () => [],
    };
    return batch;
  }
}

function setup() {
  const store = new MemoryStore();
  const clock = fixedClock('2026-03-15T12:00:00Z');
  const user: SessionUser = { id: 'u1', email: 'ann@example.com', role: 'user', status: 'active' };
  const signer = { access: jest.fn(async (_user: unknown, sid: string, aal: AssuranceLevel) => ({ token: `access:${sid}:${aal}`, expiresAt: 1 })) };
  const redis = new RecordingRedis();
  const service = new SessionService(store, signer, { sessionUser: async (id) => (id === user.id ? user : null) }, clock, redis as unknown as Redis);
  return { store, service, user, signer, redis, advance: (ms: number) => clock.advance(ms) };
}

describe('SessionService rotation (docs/security.md)', () => {
  it('starts a family with a hashed refresh token and a 15-minute access token; the body part holds no refresh token', async () => {
    const { service, store, user } = setup();
    const { session, refreshToken } = await service.start(user, 'aal1');
    expect(session).toMatchObject({ expires_in: 900, token_type: 'bearer' });
    expect(Object.keys(session).sort()).toEqual(['access_token', 'expires_at', 'expires_in', 'token_type']);
    expect(store.rows).toHaveLength(1);
    expect(store.rows[0].tokenHash).toBe(sha256(refreshToken));
    expect(JSON.stringify(store.rows)).not.toContain(refreshToken);
  });

  it('spends the presented token and issues the next of the same family and assurance level', async () => {
    const { service, store, user, signer } = setup();
    const first = await service.start(user, 'aal2');
    const next = await service.rotate(first.refreshToken);
    expect(next.refreshToken).not.toBe(first.refreshToken);
    expect(store.rows[0].usedAt).not.toBeNull();
    expect(store.rows[1].familyId).toBe(store.rows[0].familyId);
    expect(signer.access).toHaveBeenLastCalledWith(user, store.rows[0].familyId, 'aal2');
  });

  it('revokes the whole family when a spent token comes back', async () => {
    const { service, store, user } = setup();
    const first = await service.start(user, 'aal1');
    const second = await service.rotate(first.refreshToken);
    await expect(service.rotate(first.refreshToken)).rejects.toMatchObject({ code: 'INVALID_REFRESH_TOKEN', status: 401 });
    expect(store.rows.every((row) => row.revokedAt)).toBe(true);
    await expect(service.rotate(second.refreshToken)).rejects.toMatchObject({ code: 'INVALID_REFRESH_TOKEN', status: 401 });
  });

  it('leaves other families alone', async () => {
    const { service, user } = setup();
    const a = await service.start(user, 'aal1');
    const b = await service.start(user, 'aal1');
    await service.rotate(a.refreshToken);
    await expect(service.rotate(a.refreshToken)).rejects.toThrow();
    await expect(service.rotate(b.refreshToken)).resolves.toBeDefined();
  });

  it('refuses an expired token (30 days) and an unknown one', async () => {
    const { service, user, advance } = setup();
    const first = await service.start(user, 'aal1');
    advance(30 * 24 * 3600 * 1000);
    await expect(service.rotate(first.refreshToken)).rejects.toMatchObject({ code: 'INVALID_REFRESH_TOKEN', status: 401 });
    await expect(service.rotate('nope')).rejects.toMatchObject({ code: 'INVALID_REFRESH_TOKEN', status: 401 });
  });

  it('refuses a suspended user with 403 and ends that family', async () => {
    const { service, store, user } = setup();
    const first = await service.start(user, 'aal1');
    user.status = 'suspended';
    await expect(service.rotate(first.refreshToken)).rejects.toMatchObject({ code: 'ACCOUNT_SUSPENDED', status: 403 });
    expect(store.rows[0].revokedAt).not.toBeNull();
  });

  it('says "suspended", not "invalid", for the refresh a suspension revoked', async () => {
    const { service, user } = setup();
    const session = await service.start(user, 'aal1');
    await service.revokeAll(user.id); // what suspending does
    user.status = 'suspended';
    await expect(service.rotate(session.refreshToken)).rejects.toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
    user.status = 'active'; // activated again: the revoked token stays dead
    await expect(service.rotate(session.refreshToken)).rejects.toMatchObject({ code: 'INVALID_REFRESH_TOKEN' });
  });

  it('revokeAll ends every family of the user', async () => {
    const { service, user } = setup();
    const a = await service.start(user, 'aal1');
    const b = await service.start(user, 'aal2');
    await service.revokeAll(user.id);
    await expect(service.rotate(a.refreshToken)).rejects.toThrow();
    await expect(service.rotate(b.refreshToken)).rejects.toThrow();
  });

  it('revokeOtherFamilies keeps only the caller’s family', async () => {
    const { service, store, user } = setup();
    const mine = await service.start(user, 'aal1');
    const other = await service.start(user, 'aal1');
    await service.revokeOtherFamilies(user.id, store.rows[0].familyId);
    await expect(service.rotate(other.refreshToken)).rejects.toMatchObject({ code: 'INVALID_REFRESH_TOKEN', status: 401 });
    await expect(service.rotate(mine.refreshToken)).resolves.toBeDefined();
  });

  it('raiseFamilyToAal2 makes the family’s next refresh aal2 without minting a token', async () => {
    const { service, store, user } = setup();
    const mine = await service.start(user, 'aal1');
    const familyId = store.rows[0].familyId;
    expect(await service.raiseFamilyToAal2('someone-else', familyId)).toBe(false);
    expect(await service.raiseFamilyToAal2(user.id, undefined)).toBe(false);
    expect(await service.raiseFamilyToAal2(user.id, familyId)).toBe(true);
    expect(store.rows).toHaveLength(1);
    const next = await service.rotate(mine.refreshToken);
    expect(next.session.access_token).toBe(`access:${familyId}:aal2`);
  });
});

describe('SessionService: ending a session ends its access tokens everywhere', () => {
  it('announces the family of a sign-out, and never the same family twice', async () => {
    const { service, store, user, redis } = setup();
    await service.start(user, 'aal1');
    const familyId = store.rows[0].familyId;
    await service.revokeFamily(familyId);
    await service.revokeFamily(familyId);
    expect(redis.keys).toEqual([`paycadence:revoked-session:${familyId}`]);
    expect(redis.messages).toEqual([{ sessionId: familyId, status: 'revoked' }]);
  });

  it('announces the family a reused refresh token revoked', async () => {
    const { service, store, user, redis } = setup();
    const first = await service.start(user, 'aal1');
    await service.rotate(first.refreshToken);
    await expect(service.rotate(first.refreshToken)).rejects.toMatchObject({ code: 'INVALID_REFRESH_TOKEN' });
    expect(redis.messages).toEqual([{ sessionId: store.rows[0].familyId, status: 'revoked' }]);
  });

  it('announces every live family a new password ends, and the other families a 2FA change ends', async () => {
    const { service, store, user, redis } = setup();
    await service.start(user, 'aal1');
    await service.start(user, 'aal1');
    await service.start(user, 'aal1');
    const [mine, other, third] = store.rows.map((row) => row.familyId);
    await service.revokeOtherFamilies(user.id, mine);
    expect(redis.messages).toEqual([
      { sessionId: other, status: 'revoked' },
      { sessionId: third, status: 'revoked' },
    ]);
    await service.revokeAll(user.id);
    expect(redis.messages).toHaveLength(3);
    expect(redis.messages[2]).toEqual({ sessionId: mine, status: 'revoked' });
  });

  it('announces nothing for a revocation inside a caller\'s transaction (a suspension announces itself)', async () => {
    const { service, user, redis } = setup();
    await service.start(user, 'aal1');
    await service.revokeAll(user.id, {} as never);
    expect(redis.messages).toEqual([]);
  });
});
