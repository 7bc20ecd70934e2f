import { createBankSyncWorker } from './sync/worker-app.js';

// `node dist/worker.js`: imports from Plaid (scheduled, on link, on 'Sync Bank Data', on webhooks) until SIGTERM.
await createBankSyncWorker();
