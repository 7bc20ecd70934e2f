// The probes every worker serves moved to nest-kit (the finance worker serves them too).
export { serveWorkerHealth } from '@payday/nest-kit';
