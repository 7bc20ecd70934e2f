import { createBankSyncWorker } from './sync/worker-app.js';

// `node dist/worker.js`: imports from Plaid (scheduled, on link, on 'Sync Bank Data', on webhooks) until SIGTERM.
// Probes on PORT (/health, /health/ready); run it on another port than the HTTP entry on one machine.
await createBankSyncWorker({ serveHealth: true });
