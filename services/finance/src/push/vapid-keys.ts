import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import webpush from 'web-push';
import { financeDataDir, vapidSubject, type FinanceConfig } from '../config.js';

export interface VapidKeys {
  /** Uncompressed P-256 point, base64url: what browsers take as applicationServerKey. */
  publicKey: string;
  privateKey: string;
  /** `mailto:` or `https:`: whom a push service contacts about our pushes. */
  subject: string;
}

export const VAPID_KEYS = Symbol('VAPID_KEYS');

const PUBLIC_KEY = /^[A-Za-z0-9_-]{87}$/;
const PRIVATE_KEY = /^[A-Za-z0-9_-]{43}$/;

/** Where the generated pair is kept: beside the other generated keys, one file the HTTP service and workers share. */
export const vapidKeyFile = (config: FinanceConfig): string => join(financeDataDir(config), 'finance', 'vapid.json');

/**
 * VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, else a pair generated once into DATA_DIR/finance/vapid.json (mode 0600):
 * a restart keeps it, because a new pair would make every push service refuse the devices subscribed with the old
 * one. Production must configure the pair unless FINANCE_GENERATE_KEYS says a single host may generate it
 * (config.ts).
 */
export function loadVapidKeys(config: FinanceConfig): VapidKeys {
  const subject = vapidSubject(config);
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  }
  const file = vapidKeyFile(config);
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    // Written whole under another name, then linked into place: a process starting at the same moment either
    // finds no file or a complete one (link fails with EEXIST when another process got there first).
    const draft = `${file}.${randomBytes(6).toString('hex')}`;
    writeFileSync(draft, JSON.stringify(webpush.generateVAPIDKeys()), { mode: 0o600 });
    try {
      linkSync(draft, file);
      chmodSync(file, 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(draft);
    }
  }
  const kept = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
  if (typeof kept.publicKey !== 'string' || typeof kept.privateKey !== 'string' || !PUBLIC_KEY.test(kept.publicKey) || !PRIVATE_KEY.test(kept.privateKey)) {
    throw new Error(`${file} does not hold a VAPID key pair`);
  }
  return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject };
}
