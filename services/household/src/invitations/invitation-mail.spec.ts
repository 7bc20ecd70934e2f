import { invitationMail } from './invitation-mail.js';

describe('the invitation e-mail', () => {
  const mail = invitationMail({
    to: 'bo@example.com',
    householdName: 'Lee <Family>',
    inviterName: 'Ann "A" Lee',
    role: 'partner',
    link: 'http://app.test/household/accept#token=abc&x=1',
  });

  it('names the household in the subject and carries the link and its validity', () => {
    expect(mail.to).toBe('bo@example.com');
    expect(mail.subject).toBe("You're invited to join Lee <Family> on PayCadence");
    expect(mail.text).toContain('http://app.test/household/accept#token=abc&x=1');
    expect(mail.text).toContain('7 days');
  });

  it('escapes user text in the HTML part', () => {
    expect(mail.html).toContain('Lee &lt;Family&gt;');
    expect(mail.html).toContain('Ann &quot;A&quot; Lee');
    expect(mail.html).toContain('href="http://app.test/household/accept#token=abc&amp;x=1"');
    expect(mail.html).not.toContain('<Family>');
  });
});
