import { CreateAuthTables1763942400000 } from './1763942400000-create-auth-tables.js';
import { AddLastSignInAt1795604100000 } from './1795604100000-add-last-sign-in-at.js';
import { AddPasswordSetAt1795800000000 } from './1795800000000-add-password-set-at.js';
import { AddDeletionRequestedAt1796300000000 } from './1796300000000-add-deletion-requested-at.js';
import { AddEmailConfirmation1796400000000 } from './1796400000000-add-email-confirmation.js';
import { AddAdminListIndexes1796600000000 } from './1796600000000-add-admin-list-indexes.js';
import { AccountDataIndexes1796616369126 } from './1796616369126-account-data-indexes.js';
import { SecurityKeys1797000000000 } from './1797000000000-security-keys.js';

/** Checked-in migrations, in order; run at start-up. */
export const migrations = [
  CreateAuthTables1763942400000,
  AddLastSignInAt1795604100000,
  AddPasswordSetAt1795800000000,
  AddDeletionRequestedAt1796300000000,
  AddEmailConfirmation1796400000000,
  AddAdminListIndexes1796600000000,
  AccountDataIndexes1796616369126,
  SecurityKeys1797000000000,
];
