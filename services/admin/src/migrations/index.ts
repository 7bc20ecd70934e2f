import { CreateAuditLog1795700000000 } from './1795700000000-create-audit-log.js';
import { AuditLogErasure1796300000000 } from './1796300000000-audit-log-erasure.js';

/** Checked-in migrations, in order; run at start-up. */
export const migrations = [CreateAuditLog1795700000000, AuditLogErasure1796300000000];
