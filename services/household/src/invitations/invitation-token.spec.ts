import { INVITATION_PATH } from '@paycadence/contracts';
import { hashInvitationToken, invitationExpiry, invitationLink, newInvitationToken } from './invitation-token.js';

describe('invitation tokens', () => {
  it('are 32 random bytes, URL-safe, and never equal to what is stored', () => {
    const token = newInvitationToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newInvitationToken()).not.toBe(token);
    expect(hashInvitationToken(token)).not.toBe(token);
    expect(hashInvitationToken(token)).toBe(hashInvitationToken(token));
  });

  it('link to the invitation page of the app with the token in the fragment, never in the path or query', () => {
    const token = newInvitationToken();
    const link = new URL(invitationLink('https://app.example.com/', token));
    expect(link.origin + link.pathname).toBe(`https://app.example.com${INVITATION_PATH}`);
    expect(link.search).toBe('');
    expect(new URLSearchParams(link.hash.slice(1)).get('token')).toBe(token);
    // What a browser sends for the link (and so what an access log can record) holds no token.
    expect(`${link.pathname}${link.search}`).not.toContain(token);
  });

  it('expire seven days after they are issued', () => {
    expect(invitationExpiry(new Date('2026-03-10T12:00:00.000Z')).toISOString()).toBe('2026-03-17T12:00:00.000Z');
  });
});
