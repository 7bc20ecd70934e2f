// Every call a browser makes, as data: method, path, and the schemas of what is sent and what comes back.
// web-kit's API client takes these, so a caller's request and answer types come from the same schemas the
// services validate with. Paths use the `{param}` placeholders of SERVICE_ROUTES (routes.ts).
import type { z } from 'zod';
import type { ServiceName } from './routes.js';
import {
  AddSecurityKeyRequestSchema,
  CredentialCreationOptionsResponseSchema,
  CredentialRequestOptionsResponseSchema,
  MFA_KEY_PATHS,
  MfaDisableRequestSchema,
  MfaKeyVerifyRequestSchema,
  PASSKEY_PATHS,
  PasskeyOptionsRequestSchema,
  PasskeySignInRequestSchema,
  RemoveSecurityKeyRequestSchema,
  SecurityKeyOptionsRequestSchema,
} from './passkeys.js';
import {
  BackupCodesResponseSchema,
  ForgotPasswordRequestSchema,
  ForgotPasswordResponseSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  LogoutRequestSchema,
  MeResponseSchema,
  MfaCodeRequestSchema,
  MfaResultResponseSchema,
  MfaSetupRequestSchema,
  MfaSetupResponseSchema,
  MfaStatusResponseSchema,
  MfaVerifyRequestSchema,
  MfaVerifyResponseSchema,
  RefreshRequestSchema,
  RefreshResponseSchema,
  RegisterRequestSchema,
  SessionResponseSchema,
  UpdatePasswordRequestSchema,
  UpdatePasswordResponseSchema,
  UpdateProfileRequestSchema,
  UpdateProfileResponseSchema,
} from './auth.js';
import { BillOccurrenceStatusSchema } from './bill-status.js';
import {
  CONFIRM_EMAIL_API_PATH,
  ConfirmEmailRequestSchema,
  ConfirmEmailResponseSchema,
  RESEND_CONFIRMATION_API_PATH,
  ResendConfirmationRequestSchema,
  ResendConfirmationResponseSchema,
} from './email-confirmation.js';
import { ACCOUNT_DELETE_PATH, AccountDeleteRequestSchema, AccountDeleteResponseSchema } from './account-data.js';
import {
  STATEMENT_UPLOAD_PATH,
  StatementImportListSchema,
  StatementImportRequestSchema,
  StatementImportResponseSchema,
  StatementPreviewRequestSchema,
  StatementPreviewSchema,
  StatementUndoResponseSchema,
} from './statements.js';
import { CALENDAR_FEED_PATH, CalendarFeedCreatedSchema, CalendarFeedStatusSchema } from './calendar-feed.js';
import {
  REMINDER_UNSUBSCRIBE_CHECK_PATH,
  REMINDER_UNSUBSCRIBE_PATH,
  REMINDERS_PATH,
  ReminderSettingsSchema,
  UnsubscribeCheckResponseSchema,
  UnsubscribeRequestSchema,
  UnsubscribeResponseSchema,
  UpdateReminderSettingsSchema,
} from './reminders.js';
import { PUSH_DEVICES_PATH, PUSH_PUBLIC_KEY_PATH, PushDeviceListSchema, PushDeviceSchema, PushPublicKeySchema, PushSubscriptionCreateSchema } from './push.js';
import { FORECAST_SETTINGS_PATH, ForecastSettingsSchema, ForecastSettingsUpdateSchema } from './forecast.js';
import { HOUSEHOLD_CALENDAR_PATH, HouseholdCalendarQuerySchema, HouseholdCalendarResponseSchema } from './household-calendar.js';
import {
  DUE_DATE_MOVES_PATH,
  DUE_DATE_PLAN_PATH,
  DUE_DATE_PLAN_PREVIEW_PATH,
  DueDateLetterSentSchema,
  DueDateMoveCreateSchema,
  DueDateMoveListSchema,
  DueDateMoveSchema,
  DueDateMoveUpdateSchema,
  DueDatePlanPreviewSchema,
  DueDatePlanQuerySchema,
  DueDatePlanResponseSchema,
} from './due-date-planner.js';
import { DashboardQuerySchema, DashboardResponseSchema, TimelineQuerySchema, TimelineResponseSchema } from './dashboard.js';
import {
  AcceptBillSchema,
  AcceptIncomeSchema,
  BillCreateSchema,
  BillSchema,
  BillUpdateSchema,
  IncomeCreateSchema,
  IncomeSourceSchema,
  IncomeUpdateSchema,
  SavingsGoalCreateSchema,
  SavingsGoalSchema,
  SavingsGoalUpdateSchema,
  SuggestionChoiceResponseSchema,
  SuggestionsResponseSchema,
  SuggestionTargetSchema,
  SyncBankDataResponseSchema,
} from './finance.js';
import { AnalyticsResponseSchema } from './bank-analytics.js';
import {
  AccountsResponseSchema,
  BankSuggestionsResponseSchema,
  CleanupDuplicatesResponseSchema,
  CreateLinkTokenRequestSchema,
  CreateLinkTokenResponseSchema,
  DisconnectRequestSchema,
  DisconnectResponseSchema,
  ExchangeTokenRequestSchema,
  ExchangeTokenResponseSchema,
  GenerateResponseSchema,
  SandboxPublicTokenRequestSchema,
  SandboxPublicTokenResponseSchema,
  SyncStartedResponseSchema,
  TransactionsQuerySchema,
  TransactionsResponseSchema,
} from './bank-sync.js';
import { WAITLIST_ENDPOINT_PATH, WaitlistJoinResponseSchema, WaitlistJoinSchema } from './waitlist.js';
import {
  AcceptInvitationRequestSchema,
  AcceptInvitationResponseSchema,
  CreateHouseholdRequestSchema,
  HouseholdMembersResponseSchema,
  HouseholdSchema,
  InvitationDetailsResponseSchema,
  InviteMemberRequestSchema,
  InviteMemberResponseSchema,
  LeaveHouseholdResponseSchema,
  MyHouseholdsResponseSchema,
  SetMemberRoleRequestSchema,
  PendingInvitationsResponseSchema,
  ResendInvitationResponseSchema,
  WithdrawInvitationResponseSchema,
} from './household.js';
import {
  BlogImageUploadResponseSchema,
  BlogListQuerySchema,
  BlogPostInputSchema,
  BlogPostSchema,
  BlogPostSummariesResponseSchema,
  BlogPostsResponseSchema,
} from './blog.js';
import {
  AdminActionResponseSchema,
  AdminListQuerySchema,
  AdminUsersResponseSchema,
  AdminWaitlistResponseSchema,
  ApproveUserRequestSchema,
  AuditPageSchema,
  AuditQuerySchema,
  CreateUserRequestSchema,
  ToggleUserStatusRequestSchema,
} from './admin.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Endpoint {
  readonly method: HttpMethod;
  /** `/api/financial/bills/{id}`: each `{name}` is filled from the call's `params`. */
  readonly path: string;
  readonly body?: z.ZodType;
  readonly query?: z.ZodType;
  /** Absent when the answer has no body (204). */
  readonly response?: z.ZodType;
  /**
   * false: sent without the signed-in session (sign-in, sign-up, public forms), so neither a bearer token
   * nor a refresh on 401. Default true.
   */
  readonly session?: boolean;
}

const endpoint = <const E extends Endpoint>(definition: E): E => definition;

type ParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}` ? Name | ParamNames<Rest> : never;

/**
 * What a call sends besides the endpoint: `params` when the path has placeholders, `body` when the endpoint
 * takes one (the schema's parsed shape, which the schema accepts again as is), `query` when it has one.
 */
export type EndpointRequest<E extends Endpoint> = ([ParamNames<E['path']>] extends [never]
  ? unknown
  : { params: Record<ParamNames<E['path']>, string> }) &
  (E extends { body: infer Body extends z.ZodType } ? { body: z.output<Body> } : unknown) &
  (E extends { query: infer Query extends z.ZodType } ? { query?: z.output<Query> } : unknown);

/** The parsed answer of an endpoint (void when it answers 204). */
export type EndpointResponse<E extends Endpoint> = E extends { response: infer Response extends z.ZodType } ? z.output<Response> : void;

export const WAITLIST_ENDPOINTS = {
  join: endpoint({ method: 'POST', path: WAITLIST_ENDPOINT_PATH, body: WaitlistJoinSchema, response: WaitlistJoinResponseSchema, session: false }),
};

export const AUTH_ENDPOINTS = {
  register: endpoint({ method: 'POST', path: '/api/auth/register', body: RegisterRequestSchema, response: SessionResponseSchema, session: false }),
  login: endpoint({ method: 'POST', path: '/api/auth/login', body: LoginRequestSchema, response: LoginResponseSchema, session: false }),
  refresh: endpoint({ method: 'POST', path: '/api/auth/refresh', body: RefreshRequestSchema, response: RefreshResponseSchema, session: false }),
  /** The bearer token is the session being ended (passed explicitly). */
  logout: endpoint({ method: 'POST', path: '/api/auth/logout', body: LogoutRequestSchema, session: false }),
  me: endpoint({ method: 'GET', path: '/api/auth/me', response: MeResponseSchema }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/api/auth/forgot-password',
    body: ForgotPasswordRequestSchema,
    response: ForgotPasswordResponseSchema,
    session: false,
  }),
  /** The bearer token is the recovery token of the reset link (passed explicitly). */
  updatePassword: endpoint({
    method: 'POST',
    path: '/api/auth/update-password',
    body: UpdatePasswordRequestSchema,
    response: UpdatePasswordResponseSchema,
    session: false,
  }),
  updateProfile: endpoint({ method: 'PUT', path: '/api/auth/update-profile', body: UpdateProfileRequestSchema, response: UpdateProfileResponseSchema }),
  /** Ours: the confirmation link's token, from the page the e-mail opens (no session: any device will do). */
  confirmEmail: endpoint({ method: 'POST', path: CONFIRM_EMAIL_API_PATH, body: ConfirmEmailRequestSchema, response: ConfirmEmailResponseSchema, session: false }),
  /** Ours: a new confirmation link for the signed-in person (throttled; 429 names the wait). */
  resendConfirmation: endpoint({
    method: 'POST',
    path: RESEND_CONFIRMATION_API_PATH,
    body: ResendConfirmationRequestSchema,
    response: ResendConfirmationResponseSchema,
  }),
  /**
   * Ours: deletes the account everywhere, confirmed by the password (and a 2FA code when on).
   * The export (GET ACCOUNT_EXPORT_PATH) answers a .zip, not JSON, so the browser fetches it as a file.
   */
  deleteAccount: endpoint({ method: 'POST', path: ACCOUNT_DELETE_PATH, body: AccountDeleteRequestSchema, response: AccountDeleteResponseSchema }),
  /** Ours: a challenge for a passkey the browser picks; it also sets the HttpOnly PASSKEY_CEREMONY_COOKIE. */
  passkeyOptions: endpoint({
    method: 'POST',
    path: PASSKEY_PATHS.options,
    body: PasskeyOptionsRequestSchema,
    response: CredentialRequestOptionsResponseSchema,
    session: false,
  }),
  /** Ours: sign-in without a password; a passkey that verified its user counts as both factors (aal2). */
  passkeySignIn: endpoint({ method: 'POST', path: PASSKEY_PATHS.signIn, body: PasskeySignInRequestSchema, response: SessionResponseSchema, session: false }),
};

export const MFA_ENDPOINTS = {
  status: endpoint({ method: 'GET', path: '/api/mfa/status/{userId}', response: MfaStatusResponseSchema }),
  setup: endpoint({ method: 'POST', path: '/api/mfa/setup', body: MfaSetupRequestSchema, response: MfaSetupResponseSchema }),
  enable: endpoint({ method: 'POST', path: '/api/mfa/enable', body: MfaCodeRequestSchema, response: MfaResultResponseSchema }),
  /** The password and a code (the app's or a backup code) or an assertion of one of the account's keys. */
  disable: endpoint({ method: 'POST', path: '/api/mfa/disable', body: MfaDisableRequestSchema, response: MfaResultResponseSchema }),
  /** The sign-in code step: the bearer token is the challenge token of the login answer (passed explicitly). */
  verify: endpoint({ method: 'POST', path: '/api/mfa/verify', body: MfaVerifyRequestSchema, response: MfaVerifyResponseSchema, session: false }),
  backupCodes: endpoint({ method: 'GET', path: '/api/mfa/backup-codes/{userId}', response: BackupCodesResponseSchema }),
  // Ours: security keys and passkeys (passkeys.ts). Each ceremony first asks for options, then sends the answer.
  keyRegistrationOptions: endpoint({
    method: 'POST',
    path: MFA_KEY_PATHS.registrationOptions,
    body: SecurityKeyOptionsRequestSchema,
    response: CredentialCreationOptionsResponseSchema,
  }),
  /** Answers `codes` when the key turned two-factor on (the 10 backup codes, shown once), like enable. */
  addKey: endpoint({ method: 'POST', path: MFA_KEY_PATHS.add, body: AddSecurityKeyRequestSchema, response: MfaResultResponseSchema }),
  removeKey: endpoint({ method: 'POST', path: MFA_KEY_PATHS.remove, body: RemoveSecurityKeyRequestSchema, response: MfaResultResponseSchema }),
  /** Options to prove one of the signed-in account's keys (turning two-factor off). */
  keyAssertionOptions: endpoint({
    method: 'POST',
    path: MFA_KEY_PATHS.assertionOptions,
    body: SecurityKeyOptionsRequestSchema,
    response: CredentialRequestOptionsResponseSchema,
  }),
  /** The code step's "Use your security key": the bearer token is the login answer's mfa_token (passed explicitly). */
  keySignInOptions: endpoint({
    method: 'POST',
    path: MFA_KEY_PATHS.signInOptions,
    body: SecurityKeyOptionsRequestSchema,
    response: CredentialRequestOptionsResponseSchema,
    session: false,
  }),
  verifyKey: endpoint({ method: 'POST', path: MFA_KEY_PATHS.verify, body: MfaKeyVerifyRequestSchema, response: MfaVerifyResponseSchema, session: false }),
};

export const FINANCE_ENDPOINTS = {
  dashboard: endpoint({ method: 'GET', path: '/api/financial/dashboard-with-insights', query: DashboardQuerySchema, response: DashboardResponseSchema }),
  timeline: endpoint({ method: 'GET', path: '/api/financial/timeline', query: TimelineQuerySchema, response: TimelineResponseSchema }),
  listBills: endpoint({ method: 'GET', path: '/api/financial/bills', response: BillSchema.array() }),
  createBill: endpoint({ method: 'POST', path: '/api/financial/bills', body: BillCreateSchema, response: BillSchema }),
  updateBill: endpoint({ method: 'PUT', path: '/api/financial/bills/{id}', body: BillUpdateSchema, response: BillSchema }),
  deleteBill: endpoint({ method: 'DELETE', path: '/api/financial/bills/{id}' }),
  listIncome: endpoint({ method: 'GET', path: '/api/financial/income', response: IncomeSourceSchema.array() }),
  createIncome: endpoint({ method: 'POST', path: '/api/financial/income', body: IncomeCreateSchema, response: IncomeSourceSchema }),
  updateIncome: endpoint({ method: 'PUT', path: '/api/financial/income/{id}', body: IncomeUpdateSchema, response: IncomeSourceSchema }),
  deleteIncome: endpoint({ method: 'DELETE', path: '/api/financial/income/{id}' }),
  listSavingsGoals: endpoint({ method: 'GET', path: '/api/financial/savings-goals', response: SavingsGoalSchema.array() }),
  createSavingsGoal: endpoint({ method: 'POST', path: '/api/financial/savings-goals', body: SavingsGoalCreateSchema, response: SavingsGoalSchema }),
  updateSavingsGoal: endpoint({ method: 'PUT', path: '/api/financial/savings-goals/{id}', body: SavingsGoalUpdateSchema, response: SavingsGoalSchema }),
  deleteSavingsGoal: endpoint({ method: 'DELETE', path: '/api/financial/savings-goals/{id}' }),
  /** 200 `{success, message}`: success false (e.g. no bank connected yet) is an answer, not an error. */
  syncBankData: endpoint({ method: 'POST', path: '/api/financial/sync-bank-data', response: SyncBankDataResponseSchema }),
  suggestions: endpoint({ method: 'GET', path: '/api/financial/suggestions', response: SuggestionsResponseSchema }),
  acceptBill: endpoint({ method: 'POST', path: '/api/financial/accept-bill/{id}', body: AcceptBillSchema, response: BillSchema }),
  acceptIncome: endpoint({ method: 'POST', path: '/api/financial/accept-income/{id}', body: AcceptIncomeSchema, response: IncomeSourceSchema }),
  /** Ours: a dismissed suggestion never comes back (bank-sync's resends leave it dismissed). 204. */
  dismissSuggestion: endpoint({ method: 'POST', path: '/api/financial/dismiss-suggestion/{id}' }),
  /**
   * Ours: a detected bill or income the caller already has. Link: the caller's item keeps its name, amount and
   * dates (a bill gains the detected merchant as its payee). Replace: it takes the detected amount, date and cadence
   * (same id, so a bill's paid marks stay). Either way the suggestion is accepted.
   */
  linkSuggestion: endpoint({ method: 'POST', path: '/api/financial/suggestions/{id}/link', body: SuggestionTargetSchema, response: SuggestionChoiceResponseSchema }),
  replaceSuggestion: endpoint({ method: 'POST', path: '/api/financial/suggestions/{id}/replace', body: SuggestionTargetSchema, response: SuggestionChoiceResponseSchema }),
  /** Ours: the private calendar feed. The feed itself (`/calendar-feed/{token}.ics`) is for calendar apps, not this client. */
  calendarFeed: endpoint({ method: 'GET', path: CALENDAR_FEED_PATH, response: CalendarFeedStatusSchema }),
  /** 201: makes the link, or replaces it (the old one stops working); its path is answered only here. */
  createCalendarFeed: endpoint({ method: 'POST', path: CALENDAR_FEED_PATH, response: CalendarFeedCreatedSchema }),
  /** 204: the link stops working. */
  revokeCalendarFeed: endpoint({ method: 'DELETE', path: CALENDAR_FEED_PATH }),
  /** Ours: reminder e-mails and the Notifications toggles; the unsubscribe page is for e-mail links, not this client. */
  reminderSettings: endpoint({ method: 'GET', path: REMINDERS_PATH, response: ReminderSettingsSchema }),
  updateReminderSettings: endpoint({ method: 'PUT', path: REMINDERS_PATH, body: UpdateReminderSettingsSchema, response: ReminderSettingsSchema }),
  /**
   * Ours: reminders on this device (Web Push, docs/reminders.md). The key pushManager.subscribe needs; the caller's
   * devices; this device's subscription (201, the same endpoint again refreshes its keys and label; 409 past
   * PUSH_DEVICES_MAX); removing one (204; another user's or an unknown id 404).
   */
  pushPublicKey: endpoint({ method: 'GET', path: PUSH_PUBLIC_KEY_PATH, response: PushPublicKeySchema }),
  pushDevices: endpoint({ method: 'GET', path: PUSH_DEVICES_PATH, response: PushDeviceListSchema }),
  addPushDevice: endpoint({ method: 'POST', path: PUSH_DEVICES_PATH, body: PushSubscriptionCreateSchema, response: PushDeviceSchema }),
  removePushDevice: endpoint({ method: 'DELETE', path: `${PUSH_DEVICES_PATH}/{id}` }),
  /**
   * The unsubscribe page's own calls, without a session: the token read from the e-mail link's fragment, in the
   * body. Both answer 404 for an unknown or malformed token; only the second changes anything.
   */
  checkUnsubscribeLink: endpoint({
    method: 'POST',
    path: REMINDER_UNSUBSCRIBE_CHECK_PATH,
    body: UnsubscribeRequestSchema,
    response: UnsubscribeCheckResponseSchema,
    session: false,
  }),
  unsubscribeReminders: endpoint({ method: 'POST', path: REMINDER_UNSUBSCRIBE_PATH, body: UnsubscribeRequestSchema, response: UnsubscribeResponseSchema, session: false }),
  /** Ours: mark one occurrence of a bill paid by hand (201), and take the mark back (200); both answer its status. */
  markBillPaid: endpoint({ method: 'POST', path: '/api/financial/bill-status/{billId}/{dueDate}', response: BillOccurrenceStatusSchema }),
  unmarkBillPaid: endpoint({ method: 'DELETE', path: '/api/financial/bill-status/{billId}/{dueDate}', response: BillOccurrenceStatusSchema }),
  /** Ours: the low-balance threshold the dashboard's warning uses (0: below zero). */
  forecastSettings: endpoint({ method: 'GET', path: FORECAST_SETTINGS_PATH, response: ForecastSettingsSchema }),
  updateForecastSettings: endpoint({ method: 'PUT', path: FORECAST_SETTINGS_PATH, body: ForecastSettingsUpdateSchema, response: ForecastSettingsSchema }),
  /** Ours: a household's shared bills and shared paydays in a range (at most 62 days), each bill with the paycheck that covers it. */
  householdCalendar: endpoint({ method: 'GET', path: HOUSEHOLD_CALENDAR_PATH, query: HouseholdCalendarQuerySchema, response: HouseholdCalendarResponseSchema }),
  /** Ours: the due-date planner (docs/due-date-planner.md). The plan, and the plan with the person's own choices kept. */
  dueDatePlan: endpoint({ method: 'GET', path: DUE_DATE_PLAN_PATH, query: DueDatePlanQuerySchema, response: DueDatePlanResponseSchema }),
  previewDueDatePlan: endpoint({ method: 'POST', path: DUE_DATE_PLAN_PREVIEW_PATH, body: DueDatePlanPreviewSchema, response: DueDatePlanResponseSchema }),
  /** The moves the person started with billers: planned, asked, confirmed (the bill changed from its date on), declined. */
  listDueDateMoves: endpoint({ method: 'GET', path: DUE_DATE_MOVES_PATH, response: DueDateMoveListSchema }),
  createDueDateMove: endpoint({ method: 'POST', path: DUE_DATE_MOVES_PATH, body: DueDateMoveCreateSchema, response: DueDateMoveSchema }),
  updateDueDateMove: endpoint({ method: 'PUT', path: '/api/financial/due-date-moves/{id}', body: DueDateMoveUpdateSchema, response: DueDateMoveSchema }),
  /** 204: a move not confirmed is forgotten (a confirmed one is the bill's history and stays). */
  deleteDueDateMove: endpoint({ method: 'DELETE', path: '/api/financial/due-date-moves/{id}' }),
  emailDueDateLetter: endpoint({ method: 'POST', path: '/api/financial/due-date-moves/{id}/letter', response: DueDateLetterSentSchema }),
};

/** docs/product/signed-in.md §7 bank calls and data generator; `{userId}` must be the signed-in user's id (403 otherwise). */
export const BANK_SYNC_ENDPOINTS = {
  createLinkToken: endpoint({ method: 'POST', path: '/api/plaid-production/create-link-token', body: CreateLinkTokenRequestSchema, response: CreateLinkTokenResponseSchema }),
  sandboxPublicToken: endpoint({ method: 'POST', path: '/api/plaid-production/sandbox/public-token', body: SandboxPublicTokenRequestSchema, response: SandboxPublicTokenResponseSchema }),
  exchangeToken: endpoint({ method: 'POST', path: '/api/plaid-production/exchange-token', body: ExchangeTokenRequestSchema, response: ExchangeTokenResponseSchema }),
  accounts: endpoint({ method: 'GET', path: '/api/plaid-production/accounts/{userId}', response: AccountsResponseSchema }),
  sync: endpoint({ method: 'POST', path: '/api/plaid-production/sync/{userId}', response: SyncStartedResponseSchema }),
  /** Ours: after Plaid Link's update mode succeeded, the item is active again and a sync is queued. */
  repaired: endpoint({ method: 'POST', path: '/api/plaid-production/repaired/{itemId}', response: SyncStartedResponseSchema }),
  importTransactions: endpoint({ method: 'POST', path: '/api/plaid-production/import-transactions/{userId}', response: SyncStartedResponseSchema }),
  analytics: endpoint({ method: 'GET', path: '/api/plaid-production/analytics/{userId}', response: AnalyticsResponseSchema }),
  suggestions: endpoint({ method: 'GET', path: '/api/plaid-production/suggestions/{userId}', response: BankSuggestionsResponseSchema }),
  transactions: endpoint({ method: 'GET', path: '/api/plaid-production/transactions/{userId}', query: TransactionsQuerySchema, response: TransactionsResponseSchema }),
  disconnect: endpoint({ method: 'DELETE', path: '/api/plaid-production/disconnect/{plaidItemId}', body: DisconnectRequestSchema, response: DisconnectResponseSchema }),
  cleanupDuplicates: endpoint({ method: 'POST', path: '/api/plaid-production/cleanup-duplicates/{userId}', response: CleanupDuplicatesResponseSchema }),
  generate: endpoint({ method: 'POST', path: '/api/plaid-data/generate/{userId}', response: GenerateResponseSchema }),
  generateKind: endpoint({ method: 'POST', path: '/api/plaid-data/generate/{userId}/{kind}', response: GenerateResponseSchema }),
  /** Ours (docs/statement-files.md): the file's bytes, read and kept for STATEMENT_LIMITS.uploadTtlMinutes; answers its preview. */
  uploadStatement: endpoint({ method: 'POST', path: STATEMENT_UPLOAD_PATH, response: StatementPreviewSchema }),
  previewStatement: endpoint({ method: 'POST', path: '/api/plaid-production/statements/{uploadId}/preview', body: StatementPreviewRequestSchema, response: StatementPreviewSchema }),
  importStatement: endpoint({ method: 'POST', path: '/api/plaid-production/statements/{uploadId}/import', body: StatementImportRequestSchema, response: StatementImportResponseSchema }),
  statementImports: endpoint({ method: 'GET', path: '/api/plaid-production/statement-imports', response: StatementImportListSchema }),
  /** Undoes one import as a whole: its transactions go, the account's balance returns to the previous import's. */
  undoStatementImport: endpoint({ method: 'DELETE', path: '/api/plaid-production/statement-imports/{importId}', response: StatementUndoResponseSchema }),
};

/** docs/product/signed-in.md §7 admin calls (admin role, enforced by the server), plus the audit log of System Logs. */
export const ADMIN_ENDPOINTS = {
  waitlist: endpoint({ method: 'GET', path: '/api/admin/waitlist', query: AdminListQuerySchema, response: AdminWaitlistResponseSchema }),
  users: endpoint({ method: 'GET', path: '/api/admin/users', query: AdminListQuerySchema, response: AdminUsersResponseSchema }),
  createUser: endpoint({ method: 'POST', path: '/api/admin/create-user', body: CreateUserRequestSchema, response: AdminActionResponseSchema }),
  approveUser: endpoint({ method: 'POST', path: '/api/admin/approve-user', body: ApproveUserRequestSchema, response: AdminActionResponseSchema }),
  removeFromWaitlist: endpoint({ method: 'DELETE', path: '/api/admin/waitlist/{id}', response: AdminActionResponseSchema }),
  toggleUserStatus: endpoint({ method: 'POST', path: '/api/admin/toggle-user-status', body: ToggleUserStatusRequestSchema, response: AdminActionResponseSchema }),
  /** Ours: the audit log. */
  logs: endpoint({ method: 'GET', path: '/api/admin/logs', query: AuditQuerySchema, response: AuditPageSchema }),
  /** Ours: a short-lived cookie that lets the browser open the operators' queue board. */
  queueBoardSession: endpoint({ method: 'POST', path: '/api/admin/queues/session' }),
  /** Ours: ends the caller's board session of that cookie and clears the cookie (sign-out sends it first). */
  endQueueBoardSession: endpoint({ method: 'DELETE', path: '/api/admin/queues/session' }),
};

/**
 * The blog (docs/product/accounts.md §7 'hosted tables and storage', docs/product/signed-in.md §7 'a shared service, paths not shown').
 * Public reads need no session and only ever see published posts; everything under /admin is the admin role's.
 */
export const BLOG_ENDPOINTS = {
  /** Published posts, newest first; `featured=true` for the featured section. */
  posts: endpoint({ method: 'GET', path: '/api/blog/posts', query: BlogListQuerySchema, response: BlogPostSummariesResponseSchema, session: false }),
  /** One published post by slug; a draft's slug is a 404 'Post not found'. */
  post: endpoint({ method: 'GET', path: '/api/blog/posts/{slug}', response: BlogPostSchema, session: false }),
  /** Every post, drafts included, newest first. */
  adminPosts: endpoint({ method: 'GET', path: '/api/blog/admin/posts', response: BlogPostsResponseSchema }),
  createPost: endpoint({ method: 'POST', path: '/api/blog/admin/posts', body: BlogPostInputSchema, response: BlogPostSchema }),
  updatePost: endpoint({ method: 'PUT', path: '/api/blog/admin/posts/{id}', body: BlogPostInputSchema, response: BlogPostSchema }),
  /** 204. */
  deletePost: endpoint({ method: 'DELETE', path: '/api/blog/admin/posts/{id}' }),
  /**
   * The raw image bytes as the body, with the image's content type and optionally its file name in
   * `X-File-Name` (BLOG_IMAGE_NAME_HEADER); not JSON, so callers send it with fetch, not the JSON client.
   */
  uploadImage: endpoint({ method: 'POST', path: '/api/blog/admin/images', response: BlogImageUploadResponseSchema }),
};

/** Households (docs/product/signed-in.md §7). Every route but invitation-details needs the session. */
export const HOUSEHOLD_ENDPOINTS = {
  create: endpoint({ method: 'POST', path: '/api/household/create', body: CreateHouseholdRequestSchema, response: HouseholdSchema }),
  myHouseholds: endpoint({ method: 'GET', path: '/api/household/my-households', response: MyHouseholdsResponseSchema }),
  members: endpoint({ method: 'GET', path: '/api/household/{id}/members', response: HouseholdMembersResponseSchema }),
  invite: endpoint({ method: 'POST', path: '/api/household/{id}/invite', body: InviteMemberRequestSchema, response: InviteMemberResponseSchema }),
  acceptInvitation: endpoint({ method: 'POST', path: '/api/household/accept-invitation', body: AcceptInvitationRequestSchema, response: AcceptInvitationResponseSchema }),
  /** Ours: what the invitation page shows before the visitor signs in (the token is the secret). */
  invitationDetails: endpoint({
    method: 'POST',
    path: '/api/household/invitation-details',
    body: AcceptInvitationRequestSchema,
    response: InvitationDetailsResponseSchema,
    session: false,
  }),
  leave: endpoint({ method: 'POST', path: '/api/household/{id}/leave', response: LeaveHouseholdResponseSchema }),
  /** Ours: owners hand ownership over (or change a role) before leaving. */
  setMemberRole: endpoint({ method: 'PUT', path: '/api/household/{id}/members/{userId}', body: SetMemberRoleRequestSchema, response: HouseholdMembersResponseSchema }),
  /** Ours: the invitations still waiting; resend (a new link, counted like an invitation) and withdraw (owners and partners). */
  pendingInvitations: endpoint({ method: 'GET', path: '/api/household/{id}/invitations', response: PendingInvitationsResponseSchema }),
  resendInvitation: endpoint({ method: 'POST', path: '/api/household/{id}/invitations/{invitationId}/resend', response: ResendInvitationResponseSchema }),
  withdrawInvitation: endpoint({ method: 'POST', path: '/api/household/{id}/invitations/{invitationId}/withdraw', response: WithdrawInvitationResponseSchema }),
};

/** Every endpoint table with the service that answers it (the lists a test or a suite iterates; one place to add a table). */
export const ENDPOINT_TABLES: Record<string, { service: ServiceName; endpoints: Record<string, Endpoint> }> = {
  waitlist: { service: 'waitlist', endpoints: WAITLIST_ENDPOINTS },
  auth: { service: 'auth', endpoints: AUTH_ENDPOINTS },
  mfa: { service: 'auth', endpoints: MFA_ENDPOINTS },
  finance: { service: 'finance', endpoints: FINANCE_ENDPOINTS },
  bankSync: { service: 'bank-sync', endpoints: BANK_SYNC_ENDPOINTS },
  admin: { service: 'admin', endpoints: ADMIN_ENDPOINTS },
  blog: { service: 'blog', endpoints: BLOG_ENDPOINTS },
  household: { service: 'household', endpoints: HOUSEHOLD_ENDPOINTS },
};
