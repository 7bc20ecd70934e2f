import { CreateAuditLog1795700000000 } from './1795700000000-create-audit-log.js';

/** Checked-in migrations, in order; run at start-up. */
export const migrations = [CreateAuditLog1795700000000];
