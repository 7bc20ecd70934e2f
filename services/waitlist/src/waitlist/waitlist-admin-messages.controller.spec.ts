import { WaitlistAdminMessagesController } from './waitlist-admin-messages.controller.js';
import type { WaitlistAdminService } from './waitlist-admin.service.js';

const ID = '3f6c2a1e-0000-4000-8000-000000000001';

function controllerWith(service: Partial<WaitlistAdminService>) {
  return new WaitlistAdminMessagesController(service as WaitlistAdminService);
}

describe('WaitlistAdminMessagesController', () => {
  it('answers a malformed message with VALIDATION naming the field, and asks the service nothing', async () => {
    const service = { findByEmail: jest.fn(), remove: jest.fn() };
    const controller = controllerWith(service);
    expect(await controller.findByEmail({})).toMatchObject({ ok: false, code: 'VALIDATION', errors: { email: expect.any(String) } });
    expect(await controller.remove({ id: 'not-a-uuid' })).toMatchObject({ ok: false, code: 'VALIDATION', errors: { id: expect.any(String) } });
    expect(await controller.list({ extra: true })).toMatchObject({ ok: false, code: 'VALIDATION', errors: { extra: 'Unknown field "extra"' } });
    expect(service.findByEmail).not.toHaveBeenCalled();
    expect(service.remove).not.toHaveBeenCalled();
  });

  it('answers NOT_FOUND when no entry has the id, the removed entry when one was removed', async () => {
    const entry = { id: ID, email: 'ann@example.com', name: null, created_at: '2026-03-01T00:00:00.000Z', referral_source: 'homepage' };
    const remove = jest.fn().mockResolvedValueOnce(null).mockResolvedValueOnce(entry);
    const controller = controllerWith({ remove });
    expect(await controller.remove({ id: ID })).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect(await controller.remove({ id: ID })).toEqual({ ok: true, entry });
    expect(remove).toHaveBeenCalledWith(ID);
  });

  it('answers a missing entry as ok with null (not a failure: the admin decides what that means)', async () => {
    const controller = controllerWith({ findByEmail: jest.fn().mockResolvedValue(null) });
    expect(await controller.findByEmail({ email: 'nobody@example.com' })).toEqual({ ok: true, entry: null });
  });
});
