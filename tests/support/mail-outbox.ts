// The stack's mail outbox (`${DATA_DIR}/outbox`, one JSON file per message, written whole): what the suites read
// to follow a link the product e-mailed, as its recipient would.
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The launcher's default DATA_DIR (`npm start`), for a suite pointed at a running stack without one. */
const DEFAULT_DATA_DIR = join(resolve(dirname(fileURLToPath(import.meta.url)), '../..'), '.data');

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The outbox folder of the stack under test (npm test hands DATA_DIR to every suite). */
export function outboxDir(dataDir = process.env.DATA_DIR || DEFAULT_DATA_DIR): string {
  return join(dataDir, 'outbox');
}

/** Every message to `to`, oldest first. */
export async function messagesTo(to: string, dataDir?: string): Promise<OutboxMessage[]> {
  const folder = outboxDir(dataDir);
  const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => name.endsWith('.json')).sort();
  const messages = await Promise.all(names.map(async (name) => JSON.parse(await readFile(join(folder, name), 'utf8')) as OutboxMessage));
  return messages.filter((message) => message.to.toLowerCase() === to.toLowerCase());
}

/** Waits (up to `timeoutMs`) for a message to `to` whose text matches `pattern`; answers the newest match. */
export async function waitForLink(to: string, pattern: RegExp, { dataDir, timeoutMs = 15_000 }: { dataDir?: string; timeoutMs?: number } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = (await messagesTo(to, dataDir))
      .map((message) => pattern.exec(message.text))
      .filter((found): found is RegExpExecArray => found !== null)
      .at(-1);
    if (match) return match;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} matching ${pattern} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The token of the newest address-confirmation link mailed to `to` (sign-up mails one in the background). */
export async function confirmationTokenFor(to: string, options: { dataDir?: string; timeoutMs?: number } = {}): Promise<string> {
  const match = await waitForLink(to, /\/confirm-email#token=([A-Za-z0-9_-]+)/, options);
  return match[1]!;
}
