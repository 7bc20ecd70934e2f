// The signed-in parties of the fuzz: users registered through auth's own API, an admin promoted with the
// product's `admin:create` command (as tests/e2e/support/admin.ts does), each signed in straight at auth.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { confirmationTokenFor } from '../../support/mail-outbox';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const ADMIN_CREATE = join(REPO_ROOT, 'services/auth/dist/cli/admin-create.js');
export const FUZZ_PASSWORD = 'Calm-Bills-2026!';

export interface Party {
  id: string;
  email: string;
  token: string;
}

async function postJson(url: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    json = { text };
  }
  return { status: response.status, json };
}

function partyFrom(email: string, json: Record<string, unknown>): Party {
  const user = json.user as { id: string } | undefined;
  const session = json.session as { access_token: string } | undefined;
  if (!user?.id || !session?.access_token) throw new Error(`no session in ${JSON.stringify(json).slice(0, 300)}`);
  return { id: user.id, email, token: session.access_token };
}

/** A new account through POST /api/auth/register, signed in. */
export async function registerParty(authUrl: string, prefix: string): Promise<Party> {
  const email = `${prefix}-${randomUUID().slice(0, 12)}@example.com`;
  const { status, json } = await postJson(`${authUrl}/api/auth/register`, {
    firstName: 'Fuzz',
    lastName: 'Tester',
    email,
    password: FUZZ_PASSWORD,
    phone: '555-201-3344',
    dateOfBirth: '1990-04-12',
    address: { street: '1 Main St', city: 'Austin', state: 'TX', zipCode: '73301' },
    ssn: '1234',
  });
  if (status >= 300) throw new Error(`register ${email}: ${status} ${JSON.stringify(json)}`);
  return partyFrom(email, json);
}

export async function signIn(authUrl: string, email: string): Promise<Party> {
  const { status, json } = await postJson(`${authUrl}/api/auth/login`, { email, password: FUZZ_PASSWORD });
  if (status !== 200) throw new Error(`login ${email}: ${status} ${JSON.stringify(json)}`);
  return partyFrom(email, json);
}

/** A registered user promoted to admin by `admin-create` (stack's DATABASE_URL and DATA_DIR), then signed in again. */
export async function createAdminParty(authUrl: string): Promise<Party> {
  const party = await registerParty(authUrl, 'fuzz-admin');
  // admin:create promotes only an account that proved its address: its owner opens the mailed link first.
  const confirmed = await postJson(`${authUrl}/api/auth/confirm-email`, { token: await confirmationTokenFor(party.email) });
  if (confirmed.status !== 200) throw new Error(`confirming ${party.email}: ${confirmed.status} ${JSON.stringify(confirmed.json)}`);
  await promisify(execFile)(process.execPath, [ADMIN_CREATE, '--email', party.email, '--password', FUZZ_PASSWORD], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_ENV: 'test' },
  });
  return signIn(authUrl, party.email);
}
