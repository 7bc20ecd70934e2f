import { createFinanceWorker } from './worker-app.js';

// `node dist/worker.js`: reminder e-mails until SIGTERM. Probes on PORT (/health, /health/ready); run it
// on another port than the HTTP entry on one machine.
await createFinanceWorker({ serveHealth: true });
