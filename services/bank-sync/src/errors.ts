import { BANK_SYNC_MESSAGES } from '@paycadence/contracts';
import { domainErrorClass, type DomainErrorCatalog } from '@paycadence/nest-kit';

/** Bank sync error codes, their HTTP status and message (docs/conventions.md §5); the shared filter answers. */
export const BANK_SYNC_ERRORS = {
  NOT_YOUR_DATA: { status: 403, message: BANK_SYNC_MESSAGES.notYourAccount },
  ITEM_NOT_FOUND: { status: 404, message: BANK_SYNC_MESSAGES.itemNotFound },
  /** A sandbox-only feature asked for with real Plaid: forbidden in this configuration, as GENERATOR_SANDBOX_ONLY. */
  SANDBOX_ONLY: { status: 403, message: BANK_SYNC_MESSAGES.sandboxOnly },
  INVALID_SANDBOX_CREDENTIALS: { status: 400, message: BANK_SYNC_MESSAGES.invalidSandboxCredentials },
  PUBLIC_TOKEN_INVALID: { status: 400, message: BANK_SYNC_MESSAGES.publicTokenInvalid },
  LOGIN_REQUIRED: { status: 409, message: BANK_SYNC_MESSAGES.loginRequired },
  PLAID_UNAVAILABLE: { status: 503, message: BANK_SYNC_MESSAGES.plaidUnavailable },
  WEBHOOK_REJECTED: { status: 401, message: BANK_SYNC_MESSAGES.webhookRejected },
  FINANCE_UNAVAILABLE: { status: 503, message: BANK_SYNC_MESSAGES.suggestionsUnavailable },
  NO_BANK_LINKED: { status: 404, message: BANK_SYNC_MESSAGES.noBankLinked },
  GENERATOR_SANDBOX_ONLY: { status: 403, message: BANK_SYNC_MESSAGES.generatorSandboxOnly },
  GENERATOR_KIND_INVALID: { status: 400, message: BANK_SYNC_MESSAGES.generatorKindInvalid },
  /** No Plaid keys (and no emulator), or Plaid refuses them: docs/product/signed-in.md §8's setup message. */
  PLAID_NOT_CONFIGURED: { status: 503, message: BANK_SYNC_MESSAGES.credentialsMissing },
} as const satisfies DomainErrorCatalog;
export type BankSyncErrorCode = keyof typeof BANK_SYNC_ERRORS;

export class BankSyncError extends domainErrorClass(BANK_SYNC_ERRORS) {}
