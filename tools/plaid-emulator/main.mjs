#!/usr/bin/env node
import { startPlaidEmulator } from './plaid-emulator.mjs';

// CLI entry: PORT (default 4010), PLAID_EMULATOR_SEED, PLAID_EMULATOR_PURCHASES_PER_DAY, PLAID_CLIENT_ID / PLAID_SECRET (the keys it accepts).
const emulator = await startPlaidEmulator({
  port: Number(process.env.PORT ?? 4010),
  host: process.env.HOST ?? '127.0.0.1',
  seed: process.env.PLAID_EMULATOR_SEED ?? 'payday',
  ...(process.env.PLAID_EMULATOR_PURCHASES_PER_DAY
    ? { maxPurchasesPerDay: Number(process.env.PLAID_EMULATOR_PURCHASES_PER_DAY) }
    : {}),
  ...(process.env.PLAID_CLIENT_ID ? { clientId: process.env.PLAID_CLIENT_ID } : {}),
  ...(process.env.PLAID_SECRET ? { secret: process.env.PLAID_SECRET } : {}),
});
process.stdout.write(`plaid-emulator listening on ${emulator.url}\n`);

const shutdown = () => void emulator.close().then(() => process.exit(0));
process.once('SIGTERM', shutdown);
process.once('SIGINT', shutdown);
