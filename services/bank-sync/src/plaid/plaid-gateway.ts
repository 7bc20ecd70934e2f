import { Injectable } from '@nestjs/common';
import { LINK_DAYS_REQUESTED } from '@paycadence/contracts';
import { InjectServiceConfig } from '@paycadence/nest-kit';
import {
  Configuration,
  CountryCode,
  PlaidApi,
  PlaidEnvironments,
  Products,
  type AccountBase,
  type RemovedTransaction,
  type SandboxPublicTokenCreateRequest,
  type Transaction,
} from 'plaid';
import type { BankSyncConfig } from '../config.js';
import { PlaidCallError, toPlaidCallError } from './plaid-call-error.js';

export interface SyncPage {
  added: Transaction[];
  modified: Transaction[];
  removed: RemovedTransaction[];
  nextCursor: string;
  hasMore: boolean;
  accounts: AccountBase[];
}

/** Plaid's /sandbox/transactions/create item. */
export interface SandboxTransactionInput {
  date_transacted: string;
  date_posted: string;
  amount: number;
  description: string;
  iso_currency_code?: string;
}

export interface SandboxPublicTokenInput {
  institutionId: string;
  username: string;
  password: string;
  daysRequested: number;
  webhook?: string;
}

const CALL_TIMEOUT_MS = 30_000;

/**
 * Every Plaid call of bank-sync, through the real `plaid` client: Plaid's hosts (PLAID_ENV) or the emulator
 * (PLAID_BASE_URL). Failures become PlaidCallError. Access tokens go to Plaid only: never logged, never
 * part of an error message.
 */
@Injectable()
export class PlaidGateway {
  /** No real production Plaid (the emulator or Plaid's sandbox): the /sandbox/* endpoints exist (the data generator). */
  readonly sandbox: boolean;
  /** The emulator (PLAID_BASE_URL): also offers /sandbox/item/repair. */
  readonly emulated: boolean;
  /**
   * The screen's built-in sign-in dialog instead of Plaid Link: only with the emulator (Link's script loads from
   * Plaid only). Real keys, Plaid's sandbox included, use Plaid Link.
   */
  readonly builtInLink: boolean;
  /** Keys are set (PLAID_CLIENT_ID and PLAID_SECRET); without them no call can succeed. */
  readonly configured: boolean;
  private readonly client: PlaidApi;
  private readonly basePath: string;

  constructor(@InjectServiceConfig() private readonly config: BankSyncConfig) {
    this.emulated = Boolean(config.PLAID_BASE_URL);
    this.configured = Boolean(config.PLAID_CLIENT_ID && config.PLAID_SECRET);
    this.sandbox = this.emulated || config.PLAID_ENV === 'sandbox';
    this.builtInLink = this.emulated;
    this.basePath = (config.PLAID_BASE_URL ?? PlaidEnvironments[config.PLAID_ENV]).replace(/\/$/, '');
    this.client = new PlaidApi(
      new Configuration({
        basePath: this.basePath,
        baseOptions: {
          timeout: CALL_TIMEOUT_MS,
          // Plaid's API answers, never redirects: following one would send the client id and secret (and the
          // access token in the body) to wherever it pointed (docs/dependency-review.md, follow-redirects).
          maxRedirects: 0,
          headers: { 'PLAID-CLIENT-ID': config.PLAID_CLIENT_ID ?? '', 'PLAID-SECRET': config.PLAID_SECRET ?? '', 'Plaid-Version': '2020-09-14' },
        },
      }),
    );
  }

  /** Link token for a new link, or for update mode (repair) when `accessToken` is given. */
  async createLinkToken(userId: string, accessToken?: string): Promise<{ linkToken: string; expiration: string }> {
    const { data } = await this.call(() =>
      this.client.linkTokenCreate({
        client_name: 'PayCadence',
        language: 'en',
        country_codes: [CountryCode.Us],
        user: { client_user_id: userId },
        ...(accessToken ? { access_token: accessToken } : { products: [Products.Transactions], transactions: { days_requested: LINK_DAYS_REQUESTED } }),
        ...(this.config.PLAID_WEBHOOK_URL ? { webhook: this.config.PLAID_WEBHOOK_URL } : {}),
      }),
    );
    return { linkToken: data.link_token, expiration: data.expiration };
  }

  /** Sandbox only: what Plaid Link's sandbox does after the sign-in (user_good / user_custom). */
  async sandboxPublicToken(input: SandboxPublicTokenInput): Promise<string> {
    const request: SandboxPublicTokenCreateRequest = {
      institution_id: input.institutionId,
      initial_products: [Products.Transactions],
      options: {
        override_username: input.username,
        override_password: input.password,
        transactions: { days_requested: input.daysRequested },
        ...((input.webhook ?? this.config.PLAID_WEBHOOK_URL) ? { webhook: input.webhook ?? this.config.PLAID_WEBHOOK_URL } : {}),
      },
    };
    const { data } = await this.call(() => this.client.sandboxPublicTokenCreate(request));
    return data.public_token;
  }

  async exchangePublicToken(publicToken: string): Promise<{ accessToken: string; itemId: string }> {
    const { data } = await this.call(() => this.client.itemPublicTokenExchange({ public_token: publicToken }));
    return { accessToken: data.access_token, itemId: data.item_id };
  }

  async getAccounts(accessToken: string): Promise<AccountBase[]> {
    const { data } = await this.call(() => this.client.accountsGet({ access_token: accessToken }));
    return data.accounts;
  }

  async syncTransactions(accessToken: string, cursor: string | null, count: number): Promise<SyncPage> {
    const { data } = await this.call(() =>
      this.client.transactionsSync({ access_token: accessToken, count, ...(cursor ? { cursor } : {}) }),
    );
    return { added: data.added, modified: data.modified, removed: data.removed, nextCursor: data.next_cursor, hasMore: data.has_more, accounts: data.accounts };
  }

  async removeItem(accessToken: string): Promise<void> {
    await this.call(() => this.client.itemRemove({ access_token: accessToken }));
  }

  async sandboxCreateTransactions(accessToken: string, transactions: SandboxTransactionInput[]): Promise<void> {
    await this.call(() => this.client.sandboxTransactionsCreate({ access_token: accessToken, transactions }));
  }

  /** Sandbox: what Plaid's /sandbox/item/reset_login does (tests, demos). */
  async sandboxResetLogin(accessToken: string): Promise<void> {
    await this.call(() => this.client.sandboxItemResetLogin({ access_token: accessToken }));
  }

  /**
   * Emulator only: a new sign-in for an item that needs one (Link's update mode with real Plaid). Wrong
   * credentials: PlaidCallError INVALID_CREDENTIALS.
   */
  async repairItem(accessToken: string, username: string, password: string): Promise<void> {
    if (!this.emulated) throw new PlaidCallError('SANDBOX_ONLY', 400, false, 'item repair needs Link update mode with real Plaid');
    // Not in the plaid client (Plaid has no such endpoint): a plain POST with Plaid's auth headers.
    let response: Response;
    try {
      response = await fetch(`${this.basePath}/sandbox/item/repair`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'PLAID-CLIENT-ID': this.config.PLAID_CLIENT_ID ?? '', 'PLAID-SECRET': this.config.PLAID_SECRET ?? '' },
        body: JSON.stringify({ access_token: accessToken, username, password }),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch (error) {
      throw toPlaidCallError(error);
    }
    const data: unknown = await response.json().catch(() => null);
    if (!response.ok) throw toPlaidCallError({ response: { status: response.status, data } });
  }

  /** The public key (JWK) Plaid signs webhooks with, by its `kid`. */
  async webhookVerificationKey(keyId: string): Promise<Record<string, unknown>> {
    const { data } = await this.call(() => this.client.webhookVerificationKeyGet({ key_id: keyId }));
    return data.key as unknown as Record<string, unknown>;
  }

  private async call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw toPlaidCallError(error);
    }
  }
}
