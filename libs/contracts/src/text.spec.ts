import { check } from 'recheck';
import { afterEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as contracts from './index.js';
import {
  AddressSchema,
  BillCreateSchema,
  BillUpdateSchema,
  BlogPostInputSchema,
  CreateHouseholdRequestSchema,
  ForgotPasswordRequestSchema,
  IncomeCreateSchema,
  IncomeUpdateSchema,
  LoginRequestSchema,
  RegisterRequestSchema,
  RegistrationFormSchema,
  UNSAFE_TEXT_MESSAGE,
  UpdateProfileRequestSchema,
  WaitlistJoinSchema,
  cutText,
  fieldErrors,
  findUnsafeText,
  hasUnsafeCharacters,
  isEmailAddress,
} from './index.js';

const registration = {
  firstName: 'Ada',
  lastName: 'Ledger',
  email: 'ada@example.com',
  password: 'Calm-Bills-2026!',
  phone: '555-201-3344',
  dateOfBirth: '1990-04-12',
  address: { street: '1 Main St', city: 'Austin', state: 'TX', zipCode: '73301' },
  ssn: '1234',
};
const bill = { name: 'Rent', amount: 1200, due_date: '2026-12-01' };
const income = { source: 'Salary', amount: 2500, next_date: '2026-12-01' };
const post = { title: 'A post', slug: 'a-post', content: { blocks: [{ type: 'paragraph', content: 'Hello' }] } };

const NUL = 'a\u0000b';
const LONE = 'x\ud800y';

function errorsOf(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  expect(result.success).toBe(false);
  return fieldErrors(result.error!);
}

describe('unsafe characters', () => {
  it('tells NUL and lone surrogates from well-formed text', () => {
    expect(hasUnsafeCharacters(NUL)).toBe(true);
    expect(hasUnsafeCharacters(LONE)).toBe(true);
    expect(hasUnsafeCharacters('\udc00')).toBe(true);
    expect(hasUnsafeCharacters('end\ud83d')).toBe(true);
    expect(hasUnsafeCharacters('😀 café \u202e \t\n')).toBe(false);
    expect(hasUnsafeCharacters('')).toBe(false);
  });

  it('finds them anywhere in a body, keys included, without recursion limits', () => {
    expect(findUnsafeText({ a: 'ok', b: [{ c: NUL }] })).toBe('b.0.c');
    expect(findUnsafeText({ [`k${LONE}`]: 1 })).toBe('_');
    expect(findUnsafeText(LONE)).toBe('_');
    expect(findUnsafeText({ a: ['fine', 1, null, true, { b: '😀' }] })).toBeNull();
    let deep: unknown = NUL;
    for (let level = 0; level < 200_000; level += 1) deep = [deep];
    expect(findUnsafeText(deep)).not.toBeNull();
  });

  it.each([
    ['register firstName', RegisterRequestSchema, { ...registration, firstName: NUL }, 'firstName'],
    ['register lastName', RegisterRequestSchema, { ...registration, lastName: LONE }, 'lastName'],
    ['register email', RegisterRequestSchema, { ...registration, email: `a${NUL}@example.com` }, 'email'],
    ['register street', RegisterRequestSchema, { ...registration, address: { ...registration.address, street: LONE } }, 'address.street'],
    ['register city', RegisterRequestSchema, { ...registration, address: { ...registration.address, city: NUL } }, 'address.city'],
    ['address zip', AddressSchema, { ...registration.address, zipCode: NUL }, 'zipCode'],
    ['login email', LoginRequestSchema, { email: NUL, password: 'x' }, 'email'],
    ['forgot-password email', ForgotPasswordRequestSchema, { email: LONE }, 'email'],
    ['update-profile firstName', UpdateProfileRequestSchema, { firstName: NUL }, 'firstName'],
    ['update-profile address', UpdateProfileRequestSchema, { address: { street: LONE } }, 'address.street'],
    ['bill create name', BillCreateSchema, { ...bill, name: NUL }, 'name'],
    ['bill update name', BillUpdateSchema, { name: LONE }, 'name'],
    ['income create source', IncomeCreateSchema, { ...income, source: NUL }, 'source'],
    ['income update source', IncomeUpdateSchema, { source: LONE }, 'source'],
    ['household name', CreateHouseholdRequestSchema, { name: NUL }, 'name'],
    ['waitlist email', WaitlistJoinSchema, { email: LONE, source: 'homepage' }, 'email'],
    ['blog title', BlogPostInputSchema, { ...post, title: NUL }, 'title'],
    ['blog block text', BlogPostInputSchema, { ...post, content: { blocks: [{ type: 'paragraph', content: LONE }] } }, 'content.blocks.0.content'],
    ['blog seo keyword', BlogPostInputSchema, { ...post, seo: { keywords: [NUL] } }, 'seo.keywords.0'],
  ])('%s: refused with the clear message', (_name, schema, value, field) => {
    expect(errorsOf(schema as z.ZodType, value)[field]).toBe(UNSAFE_TEXT_MESSAGE);
  });

  it('still accepts emoji, accents and other well-formed text', () => {
    expect(BillCreateSchema.safeParse({ ...bill, name: 'Café 😀 — rent' }).success).toBe(true);
    expect(RegisterRequestSchema.safeParse({ ...registration, firstName: 'Zoë' }).success).toBe(true);
  });

  it('still runs the form-wide checks when a field failed an aborting check (every message at once)', () => {
    const errors = errorsOf(RegistrationFormSchema, { ...registration, firstName: '', password: 'short', confirmPassword: 'other', agreeTerms: true, agreePrivacy: true });
    expect(errors.firstName).toBe('First name is required');
    expect(errors.confirmPassword).toBe('Passwords do not match');
    expect(errorsOf(RegisterRequestSchema, { ...registration, firstName: NUL, agreeTerms: false }).agreeTerms).toBe('You must agree to the Terms of Service');
    expect(RegistrationFormSchema.safeParse(null).success).toBe(false);
  });

  it('cuts text without leaving half a surrogate pair', () => {
    expect(cutText('ab😀', 3)).toBe('ab');
    expect(cutText('abc😀', 3)).toBe('abc');
    expect(cutText('short', 10)).toBe('short');
  });
});

describe('e-mail check', () => {
  // The rule the product always had, as the old pattern: the plain-code check must answer the same.
  const OLD_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
  it.each([
    'a@b.co',
    'first.last+tag@sub.example.org',
    'a@.b.c',
    'a@..b',
    'a@b.',
    'a@.b',
    'a@b',
    '@b.co',
    'a@@b.co',
    'a@b@c.co',
    'a b@c.co',
    'a@b .co',
    'a@b.c\u00a0',
    'é@ü.de',
    '',
    '.@..',
    'a@b..',
  ])('%j: same answer as the old pattern', (address) => {
    expect(isEmailAddress(address)).toBe(OLD_PATTERN.test(address));
  });

  const patternsRun: string[] = [];
  const originalExec = RegExp.prototype.exec;
  afterEach(() => {
    RegExp.prototype.exec = originalExec;
  });

  it('refuses a 16-64 KB address by its length, before any pattern or the address check sees it', () => {
    // Every pattern runs through RegExp.prototype.exec (test, match and replace call it): record what each one saw.
    RegExp.prototype.exec = function exec(this: RegExp, input: string) {
      patternsRun.push(`${this.source} on ${String(input).length} chars`);
      return originalExec.call(this, input);
    };
    for (const size of [16 * 1024, 64 * 1024]) {
      for (const address of [`a@${'.'.repeat(size)}`, `${'a'.repeat(size)}@b.co`, `a@${'a.'.repeat(size / 2)}!`]) {
        for (const schema of [ForgotPasswordRequestSchema, WaitlistJoinSchema]) {
          const errors = errorsOf(schema, { email: address, source: 'homepage' });
          expect(errors.email).toBe('Email is too long');
        }
        expect(errorsOf(RegisterRequestSchema, { ...registration, email: address }).email).toBe('Email is too long');
      }
    }
    // A lone character class (zod's own length check probes for surrogates so) is one step per character: linear.
    const singleClass = (line: string) => /^\[[^\]]*\] on /.test(line);
    expect(patternsRun.filter((line) => !singleClass(line) && Number(line.split(' on ')[1].split(' ')[0]) > 1024)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Linear patterns: every pattern that runs while a request schema reads adversarial input, and every exported
// pattern, must be free of super-linear backtracking according to recheck (a kept ReDoS analyser). No timing.

/** A value for `schema` with every string replaced by `text` (and content blocks of every type). */
function adversarial(schema: z.ZodType, text: string, depth = 0): unknown {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  if (depth > 10) return text;
  switch (def.type) {
    case 'object':
      return Object.fromEntries(Object.entries(def.shape as Record<string, z.ZodType>).map(([key, field]) => [key, adversarial(field, text, depth + 1)]));
    case 'optional':
    case 'default':
    case 'prefault':
    case 'nullable':
    case 'readonly':
    case 'catch':
      return adversarial(def.innerType as z.ZodType, text, depth + 1);
    case 'pipe': {
      const input = def.in as z.ZodType;
      const inputType = (input as unknown as { _zod: { def: { type: string } } })._zod.def.type;
      return adversarial(inputType === 'transform' ? (def.out as z.ZodType) : input, text, depth + 1);
    }
    case 'array':
      return [adversarial(def.element as z.ZodType, text, depth + 1)];
    case 'union':
      return adversarial((def.options as z.ZodType[])[0], text, depth + 1);
    default:
      return text;
  }
}

const ADVERSARIAL = [
  'a'.repeat(64 * 1024),
  `a@${'.'.repeat(64 * 1024)}`,
  `${'1'.repeat(32 * 1024)}x`,
  `${' '.repeat(32 * 1024)}x`,
  `${'a-'.repeat(16 * 1024)}!`,
  `${'0-'.repeat(16 * 1024)}`,
  `http://${'a'.repeat(32 * 1024)}`,
  `${'2026-01-01'.repeat(3000)}`,
];

const requestSchemas = (): z.ZodType[] => {
  const schemas: z.ZodType[] = [];
  for (const [name, table] of Object.entries(contracts)) {
    if (!name.endsWith('_ENDPOINTS')) continue;
    for (const endpoint of Object.values(table as Record<string, { body?: z.ZodType; query?: z.ZodType }>)) {
      if (endpoint.body) schemas.push(endpoint.body);
      if (endpoint.query) schemas.push(endpoint.query);
    }
  }
  return schemas;
};

describe('every pattern that sees user input is linear', () => {
  it('recheck finds no super-linear pattern among those the request schemas run, nor among the exported ones', async () => {
    const seen = new Map<string, RegExp>();
    const originalExec = RegExp.prototype.exec;
    RegExp.prototype.exec = function exec(this: RegExp, input: string) {
      seen.set(`/${this.source}/${this.flags}`, this);
      return originalExec.call(this, input);
    };
    try {
      for (const schema of requestSchemas()) {
        for (const text of ADVERSARIAL) {
          schema.safeParse(adversarial(schema, text));
          for (const [type, block] of Object.entries(contracts.BLOCK_SCHEMAS)) {
            if (schema === contracts.BlogPostInputSchema) {
              schema.safeParse({ ...post, content: { blocks: [{ ...(adversarial(block, text) as object), type }] } });
            }
          }
        }
      }
    } finally {
      RegExp.prototype.exec = originalExec;
    }
    for (const value of Object.values(contracts)) if (value instanceof RegExp) seen.set(`/${value.source}/${value.flags}`, value);
    expect(seen.size).toBeGreaterThan(5);
    const unsafe: string[] = [];
    for (const [name, pattern] of seen) {
      const diagnostics = await check(pattern.source, pattern.flags, { timeout: 20_000 });
      if (diagnostics.status !== 'safe') unsafe.push(`${name}: ${diagnostics.status} ${JSON.stringify(diagnostics.status === 'vulnerable' ? diagnostics.complexity : '')}`);
    }
    expect(unsafe).toEqual([]);
  }, 120_000);

  it('recheck does flag the old e-mail pattern (the analyser is awake)', async () => {
    const diagnostics = await check('^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', '');
    expect(diagnostics.status).toBe('vulnerable');
  }, 60_000);
});
