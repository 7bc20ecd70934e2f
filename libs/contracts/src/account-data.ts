// "Your data, yours": export everything the product keeps about the signed-in user, and delete
// the account everywhere. Auth orchestrates both (it holds the password): it asks every other service over the
// Redis transport for the user's rows (`<service>.account.export`) and to forget the user
// (`<service>.account.delete`), each keyed by the account's id and e-mail (the waitlist and invitations know only
// the address).
import { z } from 'zod';
import { currentPasswordField } from './auth.js';
import { transportReply } from './transport.js';

/** Where the browser asks. Both live under auth's existing gateway prefix (/api/auth). */
export const ACCOUNT_EXPORT_PATH = '/api/auth/account/export';
export const ACCOUNT_DELETE_PATH = '/api/auth/account/delete';

/** The services auth asks, in the order a deletion runs (bank-sync first: Plaid items go before the rows). */
export const ACCOUNT_DATA_SERVICES = ['bank-sync', 'finance', 'household', 'waitlist', 'admin'] as const;
export type AccountDataService = (typeof ACCOUNT_DATA_SERVICES)[number];

/**
 * One pattern per service and step: on the Redis transport every subscriber of a pattern answers and the
 * sender keeps the first reply, so each service listens on its own name.
 */
export const accountDataPattern = (service: AccountDataService | 'auth', step: 'export' | 'delete'): string =>
  `${service}.account.${step}`;

/**
 * Who is exported or forgotten: the account id, and its e-mail for rows keyed by address. The e-mail is null until
 * the account confirmed it: registering somebody else's address must not hand over, or erase, what was recorded
 * under that address (a waitlist entry, invitations to it, sign-in attempts).
 */
export const AccountSubjectSchema = z
  .object({
    userId: z.string().uuid(),
    email: z.string().trim().toLowerCase().min(3).max(254).nullable(),
  })
  .strict();
export type AccountSubject = z.infer<typeof AccountSubjectSchema>;

/** A row as exported: column name to a JSON value (dates as ISO strings). */
export const ExportedRowSchema = z.record(z.string(), z.unknown());
export type ExportedRow = z.infer<typeof ExportedRowSchema>;

/** A service's export: its tables by name, each the user's rows. A malformed subject: a TransportFailure. */
export const AccountExportReplySchema = transportReply({
  tables: z.record(z.string(), z.array(ExportedRowSchema)),
});
export type AccountExportReply = z.infer<typeof AccountExportReplySchema>;

/**
 * A service forgot the user: rows removed (or anonymised) per table. Deleting twice answers ok with zeros. A
 * malformed subject is a TransportFailure.
 */
export const AccountDeleteReplySchema = transportReply({
  removed: z.record(z.string(), z.number().int().min(0)),
});
export type AccountDeleteReply = z.infer<typeof AccountDeleteReplySchema>;

/** POST /api/auth/account/delete: the current password, and a 2FA code (or backup code) when 2FA is on. */
export const AccountDeleteRequestSchema = z
  .object({
    password: currentPasswordField,
    code: z
      .string()
      .trim()
      .max(32, 'Enter the 6-digit code from your authenticator app or a backup code')
      .regex(/^[A-Za-z0-9-]*$/, 'Enter the 6-digit code from your authenticator app or a backup code')
      .optional(),
  })
  .strict();
export type AccountDeleteRequest = z.infer<typeof AccountDeleteRequestSchema>;

/**
 * `deleted`: every service forgot the account. `pending`: the account is closed (no sign-in, every session
 * ended) and a service that did not answer is asked again until it does.
 */
export const AccountDeleteResponseSchema = z.object({
  success: z.literal(true),
  status: z.enum(['deleted', 'pending']),
  message: z.string(),
});
export type AccountDeleteResponse = z.infer<typeof AccountDeleteResponseSchema>;

/** The download's name: `paycadence-data-2026-11-28.zip`. */
export const accountExportFileName = (isoDate: string): string => `paycadence-data-${isoDate.slice(0, 10)}.zip`;

/** Settings → Your data: the texts (and the server's answers). */
export const ACCOUNT_DATA_MESSAGES = {
  title: 'Your data',
  exportTitle: 'Download your data',
  exportIntro:
    'One .zip file with everything PayCadence keeps about you: your profile, bills, income, savings goals, suggestions, households, linked bank accounts and transactions, and your settings. It holds data.json and one spreadsheet (CSV) per table.',
  exportButton: 'Download my data',
  exporting: 'Preparing your download…',
  exported: 'Your data is downloading.',
  exportFailed: 'We could not collect all of your data just now. Nothing was downloaded; please try again in a minute.',
  deleteTitle: 'Delete your account',
  deleteIntro:
    'Deleting your account removes your profile, bills, income, savings goals, households you alone belong to, and your linked banks from PayCadence and from our bank data provider. This cannot be undone.',
  deleteButton: 'Delete my account…',
  dialogTitle: 'Delete your account for good?',
  dialogWarning: 'This cannot be undone. Download your data first if you want to keep a copy.',
  dialogConsequences: [
    'Your bills, income, savings goals and suggestions are erased.',
    'Your linked banks are disconnected and their transactions erased.',
    'Households you share are handed to another member (a partner first); households only you belong to are deleted.',
    'You are signed out everywhere and cannot sign in again with this account.',
  ],
  passwordLabel: 'Your password',
  codeLabel: 'Authenticator code or backup code',
  codeHint: 'Two-factor authentication is on, so we also need a current code.',
  confirmButton: 'Delete my account',
  cancel: 'Cancel',
  deleting: 'Deleting…',
  deleted: 'Your account has been deleted. Everything we held about you is gone.',
  pending: 'Your account is closed and you have been signed out. We are finishing erasing your data in the background.',
  deleteFailed: 'Your account could not be deleted just now. Nothing was removed; please try again.',
  passwordRequired: 'Enter your password to delete your account.',
  passwordIncorrect: 'That password is not right. Your account was not deleted.',
  codeRequired: 'Enter the code from your authenticator app (or a backup code) to delete your account.',
  codeInvalid: 'That code is not right. Your account was not deleted.',
  adminNotDeletable: 'Administrator accounts cannot be deleted here. Ask another administrator to remove your access first.',
  unavailable: 'A part of PayCadence did not answer. Please try again in a minute.',
} as const;
