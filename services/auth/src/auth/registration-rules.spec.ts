import {
  REGISTRATION_MESSAGES,
  US_STATE_CODES,
  ageInYears,
  createRegisterRequestSchema,
  createRegistrationFormSchema,
  createUpdateProfileRequestSchema,
  fieldErrors,
  isStrongPassword,
  resetPasswordLink,
} from '@paycadence/contracts';

// A frozen clock: 2026-03-15 (UTC).
const now = () => new Date('2026-03-15T12:00:00Z');
const schema = createRegisterRequestSchema(now);
const valid = {
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'Ann@Example.com',
  password: 'Str0ng!Pass',
  phone: '555-123-4567',
  dateOfBirth: '2008-03-15',
  address: { street: '1 Main St', city: 'Austin', state: 'TX', zipCode: '78701' },
  ssn: '1234',
};
const errorsFor = (body: unknown) => {
  const result = schema.safeParse(body);
  return result.success ? {} : fieldErrors(result.error);
};

describe('registration schema (docs/product/accounts.md §5)', () => {
  it('accepts a valid body, lower-cases the e-mail and fills country US', () => {
    const parsed = schema.parse(valid);
    expect(parsed.email).toBe('ann@example.com');
    expect(parsed.address.country).toBe('US');
  });

  it.each([
    ['Str0ng!Pass', true],
    ['str0ng!pass', false],
    ['STR0NG!PASS', false],
    ['Strong!Pass', false],
    ['Str0ngPass1', false],
    ['Aa1@', true],
  ])('password strength of %s is %s', (password, strong) => {
    expect(isStrongPassword(password)).toBe(strong);
  });

  it.each([
    ['', REGISTRATION_MESSAGES.passwordRequired],
    ['Aa1!aaa', REGISTRATION_MESSAGES.passwordTooShort],
    ['aaaaaaaa1!', REGISTRATION_MESSAGES.passwordWeak],
  ])('password %j is refused with %s', (password, message) => {
    expect(errorsFor({ ...valid, password }).password).toBe(message);
  });

  it.each([
    ['2008-03-15', true],
    ['2008-03-16', false],
    ['2007-12-31', true],
    ['2010-01-01', false],
  ])('born %s is 18 on the frozen day: %s', (dateOfBirth, adult) => {
    expect(errorsFor({ ...valid, dateOfBirth }).dateOfBirth).toBe(adult ? undefined : REGISTRATION_MESSAGES.tooYoung);
  });

  it('refuses impossible dates', () => {
    expect(errorsFor({ ...valid, dateOfBirth: '2001-02-30' }).dateOfBirth).toBe(REGISTRATION_MESSAGES.dateOfBirthInvalid);
    expect(ageInYears('2001-02-29', now())).toBeNull();
    expect(ageInYears('2000-02-29', now())).toBe(26);
  });

  it.each([
    ['5551234567', true],
    ['(555) 123-4567', true],
    ['555.123.4567', true],
    ['555 123 4567', true],
    ['555-1234', false],
    ['55512345678', false],
    ['(555) abc-4567', false],
  ])('phone %s valid: %s', (phone, ok) => {
    expect(errorsFor({ ...valid, phone }).phone).toBe(ok ? undefined : REGISTRATION_MESSAGES.phoneInvalid);
  });

  it.each([
    ['78701', true],
    ['78701-1234', true],
    ['7870', false],
    ['78701-12', false],
    ['ABCDE', false],
  ])('ZIP %s valid: %s', (zipCode, ok) => {
    expect(errorsFor({ ...valid, address: { ...valid.address, zipCode } })['address.zipCode']).toBe(
      ok ? undefined : REGISTRATION_MESSAGES.zipInvalid,
    );
  });

  it.each([
    ['1234', true],
    ['123', false],
    ['12345', false],
    ['12a4', false],
  ])('SSN last 4 %s valid: %s', (ssn, ok) => {
    expect(errorsFor({ ...valid, ssn }).ssn).toBe(ok ? undefined : REGISTRATION_MESSAGES.ssnInvalid);
  });

  it('lists the 50 states and accepts only them', () => {
    expect(US_STATE_CODES).toHaveLength(50);
    expect(new Set(US_STATE_CODES).size).toBe(50);
    expect(US_STATE_CODES).not.toContain('DC');
    expect(errorsFor({ ...valid, address: { ...valid.address, state: 'DC' } })['address.state']).toBe(REGISTRATION_MESSAGES.stateInvalid);
  });

  it('the form schema also requires the confirmation and both agreements', () => {
    const form = createRegistrationFormSchema(now);
    const result = form.safeParse({ ...valid, confirmPassword: 'Different1!', agreeTerms: false, agreePrivacy: false });
    const errors = fieldErrors(result.error!);
    expect(errors).toMatchObject({
      confirmPassword: REGISTRATION_MESSAGES.passwordsMismatch,
      agreeTerms: REGISTRATION_MESSAGES.termsRequired,
      agreePrivacy: REGISTRATION_MESSAGES.privacyRequired,
    });
    expect(form.safeParse({ ...valid, confirmPassword: valid.password, agreeTerms: true, agreePrivacy: true }).success).toBe(true);
  });
});

describe('profile schema (docs/product/accounts.md §7)', () => {
  const profile = createUpdateProfileRequestSchema(now);
  it('drops the e-mail (it never changes) and keeps the rest', () => {
    expect(profile.parse({ email: 'x@y.z', firstName: 'Bo' })).toEqual({ firstName: 'Bo' });
  });
  it('wants exactly 4 SSN digits', () => {
    expect(fieldErrors(profile.safeParse({ ssn: '12 34' }).error!).ssn).toBe(REGISTRATION_MESSAGES.ssnInvalid);
  });
});

describe('reset link', () => {
  it('carries both tokens and the type in the fragment', () => {
    expect(resetPasswordLink('http://localhost:8080/', 'a.b.c', 'xyz')).toBe(
      'http://localhost:8080/reset-password#access_token=a.b.c&refresh_token=xyz&type=recovery',
    );
  });
});
