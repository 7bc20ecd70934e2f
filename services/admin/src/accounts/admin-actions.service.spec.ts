import { Logger } from '@nestjs/common';
import { ADMIN_MESSAGES, AdminListQuerySchema, type AdminListedUser, type AdminWaitlistEntry } from '@paycadence/contracts';
import { DomainError, ValidationFailedError } from '@paycadence/nest-kit';
import type { AuditRecorder, ActionContext } from '../audit/audit-recorder.js';
import { AdminError } from '../errors.js';
import { AdminActionsService, splitName } from './admin-actions.service.js';
import type { AuthAccountsClient } from './auth-accounts.client.js';
import type { WaitlistClient } from './waitlist.client.js';

beforeAll(() => Logger.overrideLogger(false));

const ADMIN_ID = '3f6c2a1e-0000-4000-8000-0000000000ad';
const USER_ID = '3f6c2a1e-0000-4000-8000-0000000000aa';
const ENTRY_ID = '3f6c2a1e-0000-4000-8000-0000000000e1';
const context: ActionContext = { actorId: ADMIN_ID, actorEmail: 'boss@example.com', ip: '203.0.113.5', userAgent: 'Test/1.0' };

const user = (overrides: Partial<AdminListedUser> = {}): AdminListedUser => ({
  id: USER_ID,
  email: 'ann@example.com',
  name: 'Ann Lee',
  firstName: 'Ann',
  lastName: 'Lee',
  role: 'user',
  status: 'active',
  createdAt: '2026-03-10T12:00:00.000Z',
  created_at: '2026-03-10T12:00:00.000Z',
  last_sign_in_at: null,
  ...overrides,
});
const entry: AdminWaitlistEntry = { id: ENTRY_ID, email: 'ann@example.com', name: 'Ann Marie Lee', created_at: '2026-03-01T00:00:00.000Z', referral_source: 'homepage-hero' };

/** Doubles of the two transport clients and the audit recorder; each test sets the replies it needs. */
function setUp() {
  const auth = { listUsers: jest.fn(), createUser: jest.fn(), approveAccount: jest.fn(), setUserStatus: jest.fn() };
  const waitlist = { list: jest.fn(), findByEmail: jest.fn(), remove: jest.fn() };
  const audit = { record: jest.fn().mockResolvedValue(undefined) };
  const service = new AdminActionsService(auth as unknown as AuthAccountsClient, waitlist as unknown as WaitlistClient, audit as unknown as AuditRecorder);
  return { auth, waitlist, audit, service };
}

describe('splitName', () => {
  it.each([
    ['Ann Lee', 'Ann', 'Lee'],
    ['  Ann   Marie  Lee ', 'Ann', 'Marie Lee'],
    ['Cher', 'Cher', null],
    ['   ', null, null],
    [null, null, null],
  ])('%j → %j %j', (name, firstName, lastName) => {
    expect(splitName(name)).toEqual({ firstName, lastName });
  });
});

describe('AdminActionsService lists', () => {
  const query = AdminListQuerySchema.parse({ search: 'ann', sort: 'email', direction: 'asc', limit: '20' });
  const page = { total: 1, totalEstimated: false, nextCursor: null, prevCursor: 'abc' };

  it("forwards the parsed query to auth and answers its page without the transport's ok", async () => {
    const { auth, service } = setUp();
    auth.listUsers.mockResolvedValue({ ok: true, users: [user()], ...page, counters: { registered: 7, admins: 2, estimated: false } });
    expect(await service.listUsers(query)).toEqual({ users: [user()], ...page, counters: { registered: 7, admins: 2, estimated: false } });
    expect(auth.listUsers).toHaveBeenCalledWith(query);
  });

  it("forwards the query to waitlist and names its entries `users`, as the wire always has", async () => {
    const { waitlist, service } = setUp();
    waitlist.list.mockResolvedValue({ ok: true, entries: [entry], ...page, counters: { waitlist: 1, estimated: false } });
    expect(await service.listWaitlist(query)).toEqual({ users: [entry], ...page, counters: { waitlist: 1, estimated: false } });
    expect(waitlist.list).toHaveBeenCalledWith(query);
  });

  it('answers a refusal of the query as a 400 naming the field, any other failure as the dependency answer', async () => {
    const { auth, waitlist, service } = setUp();
    auth.listUsers.mockResolvedValue({ ok: false, code: 'VALIDATION', message: 'bad', errors: { limit: 'bad' } });
    await expect(service.listUsers(query)).rejects.toBeInstanceOf(ValidationFailedError);
    waitlist.list.mockResolvedValue({ ok: false, code: 'NOT_FOUND', message: 'gone' });
    await expect(service.listWaitlist(query)).rejects.toMatchObject({ status: 503 });
  });
});

describe('AdminActionsService.approveUser', () => {
  it('asks auth with the names split from the entry and the actor, removes the entry, and leaves the approval to auth to log', async () => {
    const { auth, waitlist, audit, service } = setUp();
    waitlist.findByEmail.mockResolvedValue({ ok: true, entry });
    auth.approveAccount.mockResolvedValue({ ok: true, user: user() });
    waitlist.remove.mockResolvedValue({ ok: true, entry });
    expect(await service.approveUser(context, 'ann@example.com')).toEqual({ success: true, message: ADMIN_MESSAGES.approved('ann@example.com') });
    expect(auth.approveAccount).toHaveBeenCalledWith({ email: 'ann@example.com', firstName: 'Ann', lastName: 'Marie Lee', ...context });
    expect(waitlist.remove).toHaveBeenCalledWith(ENTRY_ID);
    // auth records admin.user-approved (it commits the account); admin writing it too would log it twice
    expect(audit.record).not.toHaveBeenCalled();
  });

  it('refuses an address not on the waitlist with 404, asking auth nothing', async () => {
    const { auth, waitlist, audit, service } = setUp();
    waitlist.findByEmail.mockResolvedValue({ ok: true, entry: null });
    await expect(service.approveUser(context, 'x@example.com')).rejects.toMatchObject({ code: 'NOT_ON_WAITLIST', status: 404, message: ADMIN_MESSAGES.notOnWaitlist });
    expect(auth.approveAccount).not.toHaveBeenCalled();
    expect(audit.record).not.toHaveBeenCalled();
  });

  it('an existing account answers 409 and keeps the entry', async () => {
    const { auth, waitlist, audit, service } = setUp();
    waitlist.findByEmail.mockResolvedValue({ ok: true, entry });
    auth.approveAccount.mockResolvedValue({ ok: false, code: 'EMAIL_TAKEN', message: 'taken' });
    await expect(service.approveUser(context, 'ann@example.com')).rejects.toMatchObject({ code: 'ACCOUNT_EXISTS', status: 409, message: ADMIN_MESSAGES.accountExists });
    expect(waitlist.remove).not.toHaveBeenCalled();
    expect(audit.record).not.toHaveBeenCalled();
  });

  it('still answers the approval when the entry cannot be removed afterwards (the account exists)', async () => {
    const { auth, waitlist, audit, service } = setUp();
    waitlist.findByEmail.mockResolvedValue({ ok: true, entry });
    auth.approveAccount.mockResolvedValue({ ok: true, user: user() });
    waitlist.remove.mockRejectedValue(new AdminError('DEPENDENCY_UNAVAILABLE'));
    expect((await service.approveUser(context, 'ann@example.com')).success).toBe(true);
    expect(audit.record).not.toHaveBeenCalled();
  });
});

describe('AdminActionsService.createUser', () => {
  it('answers the created user with the message, and leaves the log entry to auth', async () => {
    const { auth, audit, service } = setUp();
    auth.createUser.mockResolvedValue({ ok: true, user: user({ role: 'admin' }) });
    const answer = await service.createUser(context, { email: 'ann@example.com', password: 'secret1', role: 'admin' });
    expect(answer).toEqual({ success: true, message: ADMIN_MESSAGES.created, user: user({ role: 'admin' }) });
    expect(auth.createUser).toHaveBeenCalledWith({ email: 'ann@example.com', password: 'secret1', role: 'admin', ...context });
    expect(audit.record).not.toHaveBeenCalled();
  });

  it.each([
    [{ ok: false, code: 'EMAIL_TAKEN', message: 'x' }, 409, ADMIN_MESSAGES.accountExists],
    [{ ok: false, code: 'VALIDATION', message: 'Password is too weak', errors: { password: 'Password is too weak' } }, 400, 'Password is too weak'],
    [{ ok: false, code: 'ADMIN_TARGET', message: 'x' }, 503, ADMIN_MESSAGES.dependencyUnavailable],
  ])('maps auth refusal %j to %d', async (reply, status, message) => {
    const { auth, audit, service } = setUp();
    auth.createUser.mockResolvedValue(reply);
    const failure = service.createUser(context, { email: 'ann@example.com', password: 'secret1', role: 'user' });
    await expect(failure).rejects.toBeInstanceOf(DomainError);
    await expect(failure).rejects.toMatchObject({ status, message });
    if (status === 400) await expect(failure).rejects.toBeInstanceOf(ValidationFailedError);
    expect(audit.record).not.toHaveBeenCalled();
  });
});

describe('AdminActionsService.setUserStatus', () => {
  it.each([
    ['suspended', ADMIN_MESSAGES.suspended, 'admin.user-suspended'],
    ['active', ADMIN_MESSAGES.activated, 'admin.user-activated'],
  ] as const)('%s answers %j, leaving %s to auth to log', async (status, message, _kind) => {
    const { auth, audit, service } = setUp();
    auth.setUserStatus.mockResolvedValue({ ok: true, user: user({ status }) });
    expect(await service.setUserStatus(context, USER_ID, status)).toEqual({ success: true, message });
    expect(auth.setUserStatus).toHaveBeenCalledWith({ userId: USER_ID, status, ...context });
    expect(audit.record).not.toHaveBeenCalled();
  });

  it.each([
    ['NOT_FOUND', 404, ADMIN_MESSAGES.userNotFound],
    ['ADMIN_TARGET', 403, ADMIN_MESSAGES.adminStatusFixed],
    ['SELF_TARGET', 403, ADMIN_MESSAGES.ownStatusFixed],
    ['UNCHANGED', 409, ADMIN_MESSAGES.statusUnchanged('suspended')],
  ] as const)('maps %s to %d', async (code, status, message) => {
    const { auth, audit, service } = setUp();
    auth.setUserStatus.mockResolvedValue({ ok: false, code, message: 'x' });
    await expect(service.setUserStatus(context, USER_ID, 'suspended')).rejects.toMatchObject({ status, message });
    expect(audit.record).not.toHaveBeenCalled();
  });

  it("refuses the admin's own id without asking auth", async () => {
    const { auth, service } = setUp();
    await expect(service.setUserStatus(context, ADMIN_ID, 'suspended')).rejects.toMatchObject({ status: 403, message: ADMIN_MESSAGES.ownStatusFixed });
    expect(auth.setUserStatus).not.toHaveBeenCalled();
  });
});

describe('AdminActionsService.removeFromWaitlist', () => {
  it('removes and logs the removed address', async () => {
    const { waitlist, audit, service } = setUp();
    waitlist.remove.mockResolvedValue({ ok: true, entry });
    expect(await service.removeFromWaitlist(context, ENTRY_ID)).toEqual({ success: true, message: ADMIN_MESSAGES.removed });
    expect(audit.record).toHaveBeenCalledWith(context, { kind: 'admin.waitlist-removed', subject: { id: null, email: 'ann@example.com' }, details: { waitlistEntryId: ENTRY_ID } });
  });

  it('answers 404 for a malformed id without asking, and for an unknown one', async () => {
    const { waitlist, service } = setUp();
    await expect(service.removeFromWaitlist(context, 'nope')).rejects.toMatchObject({ status: 404, message: ADMIN_MESSAGES.waitlistEntryNotFound });
    expect(waitlist.remove).not.toHaveBeenCalled();
    waitlist.remove.mockResolvedValue({ ok: false, code: 'NOT_FOUND', message: 'x' });
    await expect(service.removeFromWaitlist(context, ENTRY_ID)).rejects.toMatchObject({ status: 404 });
  });
});
