// Traffic for the fault suite: writers that keep creating bills, joining the waitlist and signing in through
// the gateway while the suite restarts Redis and PostgreSQL, remembering every answer with the phase it was
// sent and answered in, so the suite can tell "refused cleanly during the outage" from "lost".
import { randomBytes } from 'node:crypto';

export type Phase = 'steady' | 'outage';
export type Kind = 'bill' | 'waitlist' | 'login' | 'dashboard';

export interface Outcome {
  kind: Kind;
  /** What identifies the write in the database: a bill's name, a waitlist e-mail, the user's e-mail. */
  key: string;
  userId?: string;
  status: number;
  /** 0 when the connection failed (fetch threw): nothing answered at all. */
  error?: string;
  body: string;
  contentType: string;
  sentIn: Phase;
  answeredIn: Phase;
}

export interface User {
  id: string;
  email: string;
  password: string;
  token: string;
}

const REQUEST_TIMEOUT_MS = 20_000;

async function call(url: string, init: RequestInit): Promise<{ status: number; body: string; contentType: string; error?: string }> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    return { status: response.status, body: await response.text(), contentType: response.headers.get('content-type') ?? '' };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { status: 0, body: '', contentType: '', error: `${(error as Error).name}${cause ? ` ${cause}` : ''}: ${(error as Error).message}` };
  }
}

const json = (body: unknown) => ({ 'content-type': 'application/json', accept: 'application/json', body: JSON.stringify(body) });

/** Registers a user through the gateway (as a person would); the access token lives 15 minutes, enough here. */
export async function registerUser(baseUrl: string, label: string): Promise<User> {
  const email = `faults-${label}-${randomBytes(4).toString('hex')}@example.com`;
  const password = `Faults-${randomBytes(6).toString('hex')}!9`;
  const { body, ...headers } = json({
    firstName: 'Fault',
    lastName: 'Tester',
    email,
    password,
    phone: '(555) 123-4567',
    dateOfBirth: '1990-01-15',
    address: { street: '1 Main St', city: 'Springfield', state: 'IL', zipCode: '62701' },
    ssn: '1234',
  });
  const answer = await call(`${baseUrl}/api/auth/register`, { method: 'POST', headers, body });
  if (answer.status !== 201) throw new Error(`registration failed: ${answer.status} ${answer.body.slice(0, 300)}`);
  const parsed = JSON.parse(answer.body) as { user: { id: string }; session: { access_token: string } };
  return { id: parsed.user.id, email, password, token: parsed.session.access_token };
}

/**
 * Writers running until `stop()`: each loop sends one request at a time, so a stalled service slows the loop
 * instead of piling requests up. `phase()` says whether a fault is under way right now.
 */
export function startTraffic(baseUrl: string, users: User[], phase: () => Phase) {
  const outcomes: Outcome[] = [];
  let running = true;
  let sequence = 0;
  const record = async (kind: Kind, key: string, userId: string | undefined, send: () => ReturnType<typeof call>) => {
    const sentIn = phase();
    const answer = await send();
    outcomes.push({ kind, key, userId, status: answer.status, error: answer.error, body: answer.body, contentType: answer.contentType, sentIn, answeredIn: phase() });
  };
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const runId = randomBytes(3).toString('hex');

  const billWriter = async (user: User, writer: number) => {
    while (running) {
      const name = `fault-${runId}-${writer}-${(sequence += 1)}`;
      const { body, ...headers } = json({ name, amount: 12.34, due_date: '2030-01-15', priority: 'medium', category: 'utilities', recurring: 'monthly' });
      await record('bill', name, user.id, () =>
        call(`${baseUrl}/api/financial/bills`, { method: 'POST', headers: { ...headers, authorization: `Bearer ${user.token}` }, body }),
      );
      await pause(100);
    }
  };
  const waitlistWriter = async () => {
    while (running) {
      const email = `faults-wait-${runId}-${(sequence += 1)}@example.com`;
      const { body, ...headers } = json({ email, source: 'faults-suite' });
      await record('waitlist', email, undefined, () => call(`${baseUrl}/api/waitlist/join`, { method: 'POST', headers, body }));
      await pause(60);
    }
  };
  const signIn = async (user: User) => {
    while (running) {
      const { body, ...headers } = json({ email: user.email, password: user.password });
      await record('login', user.email, user.id, () => call(`${baseUrl}/api/auth/login`, { method: 'POST', headers, body }));
      await pause(400);
    }
  };
  const reader = async (user: User) => {
    while (running) {
      await record('dashboard', user.email, user.id, () =>
        call(`${baseUrl}/api/financial/dashboard-with-insights`, { headers: { authorization: `Bearer ${user.token}`, accept: 'application/json' } }),
      );
      await pause(100);
    }
  };

  const loops = [
    // One writer per user: MAX_BILLS_PER_USER (500) is far off at this pace for a minute.
    ...users.map((user, index) => billWriter(user, index)),
    waitlistWriter(),
    signIn(users[0]!),
    reader(users[1] ?? users[0]!),
  ];
  return {
    outcomes,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/**
 * One request of each kind, all of which must succeed: the suite's "recovered" test, polled after a restart.
 * Resolves to the failures (empty when all succeeded).
 */
export async function probeAll(baseUrl: string, user: User): Promise<string[]> {
  const id = randomBytes(4).toString('hex');
  const bill = json({ name: `probe-${id}`, amount: 1, due_date: '2030-01-15' });
  const waitlist = json({ email: `faults-probe-${id}@example.com`, source: 'faults-probe' });
  const login = json({ email: user.email, password: user.password });
  const auth = { authorization: `Bearer ${user.token}` };
  const answers = await Promise.all([
    call(`${baseUrl}/api/financial/bills`, { method: 'POST', headers: { 'content-type': bill['content-type'], ...auth }, body: bill.body }),
    call(`${baseUrl}/api/waitlist/join`, { method: 'POST', headers: { 'content-type': waitlist['content-type'] }, body: waitlist.body }),
    call(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': login['content-type'] }, body: login.body }),
    call(`${baseUrl}/api/financial/dashboard-with-insights`, { headers: auth }),
  ]);
  const names = ['create bill', 'join waitlist', 'sign in', 'dashboard'];
  return answers.flatMap((answer, index) =>
    answer.status >= 200 && answer.status < 300 ? [] : [`${names[index]}: ${answer.status || answer.error} ${answer.body.slice(0, 160)}`],
  );
}
