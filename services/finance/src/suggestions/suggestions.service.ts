import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  MAX_BILLS_PER_USER,
  MAX_INCOME_SOURCES_PER_USER,
  type AcceptBillInput,
  type AcceptIncomeInput,
  type BillDto,
  type IncomeSourceDto,
  type SuggestionKind,
  type SuggestionsResponse,
  type UpsertSuggestionsCommand,
} from '@payday/contracts';
import { isRowId } from '@payday/nest-kit';
import { Bill } from '../bills/bill.entity.js';
import { billColumns, toBillDto } from '../bills/bill.mapper.js';
import { FinanceError } from '../common/finance-error.js';
import { dollarsToNumeric } from '../common/money.js';
import { IncomeSource } from '../income/income-source.entity.js';
import { incomeColumns, toIncomeDto } from '../income/income.mapper.js';
import { Suggestion } from './suggestion.entity.js';
import { billFromSuggestion, incomeFromSuggestion, toBillSuggestionDto, toIncomeSuggestionDto } from './suggestion.mapper.js';

interface SuggestionRow {
  externalKey: string;
  name: string;
  amount: string;
  category: string | null;
  frequency: string | null;
  suggestedDate: string;
  transactionDate: string | null;
  confidence: number;
}

/** Keeps the last item per external key: one statement cannot update the same row twice. */
function lastPerKey(rows: SuggestionRow[]): SuggestionRow[] {
  return [...new Map(rows.map((row) => [row.externalKey, row])).values()];
}

/**
 * One INSERT per kind. A resend refreshes a pending suggestion; an accepted or dismissed one stays as the
 * user left it, so the handler can run twice with the same result (CONVENTIONS §4).
 */
const UPSERT_SQL = `
  INSERT INTO suggestions (user_id, kind, external_key, name, amount, category, frequency, suggested_date, transaction_date, confidence)
  SELECT $1, $2, u.external_key, u.name, u.amount, u.category, u.frequency, u.suggested_date, u.transaction_date, u.confidence
  FROM unnest($3::text[], $4::text[], $5::numeric[], $6::text[], $7::text[], $8::date[], $9::date[], $10::numeric[])
    AS u(external_key, name, amount, category, frequency, suggested_date, transaction_date, confidence)
  ON CONFLICT (user_id, kind, external_key) DO UPDATE SET
    name = EXCLUDED.name, amount = EXCLUDED.amount, category = EXCLUDED.category, frequency = EXCLUDED.frequency,
    suggested_date = EXCLUDED.suggested_date, transaction_date = EXCLUDED.transaction_date,
    confidence = EXCLUDED.confidence, updated_at = now()
  WHERE suggestions.status = 'pending'
  RETURNING id`;

@Injectable()
export class SuggestionsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** spec part 2 §7: GET /suggestions answers `{bills, income}`: the pending ones, most confident first. */
  async listPending(userId: string): Promise<SuggestionsResponse> {
    const rows = await this.dataSource.getRepository(Suggestion).find({
      where: { userId, status: 'pending' },
      order: { confidence: 'DESC', suggestedDate: 'ASC', name: 'ASC' },
    });
    return {
      bills: rows.filter((s) => s.kind === 'bill').map(toBillSuggestionDto),
      income: rows.filter((s) => s.kind === 'income').map(toIncomeSuggestionDto),
    };
  }

  /** The Redis handler's work: store or refresh what bank-sync detected; answers how many rows changed. */
  async upsert(command: UpsertSuggestionsCommand): Promise<{ bills: number; income: number }> {
    const bills = lastPerKey(
      command.bills.map((b) => ({
        externalKey: b.externalKey,
        name: b.name,
        amount: dollarsToNumeric(b.amount),
        category: b.category,
        frequency: b.recurring ?? null,
        suggestedDate: b.suggestedDueDate,
        transactionDate: b.transactionDate,
        confidence: b.confidence,
      })),
    );
    const income = lastPerKey(
      command.income.map((i) => ({
        externalKey: i.externalKey,
        name: i.source,
        amount: dollarsToNumeric(i.amount),
        category: null,
        frequency: i.suggestedFrequency,
        suggestedDate: i.suggestedNextDate,
        transactionDate: i.transactionDate,
        confidence: i.confidence,
      })),
    );
    return this.dataSource.transaction(async (manager) => ({
      bills: await this.upsertKind(manager, command.userId, 'bill', bills),
      income: await this.upsertKind(manager, command.userId, 'income', income),
    }));
  }

  /** The Redis handler's work: bank-sync's streams are gone, so their pending suggestions go too. */
  async withdraw(userId: string, externalKeys: string[]): Promise<number> {
    if (externalKeys.length === 0) return 0;
    const [deleted]: [unknown[], number] = await this.dataSource.query(
      `DELETE FROM suggestions WHERE user_id = $1 AND status = 'pending' AND external_key = ANY($2::text[]) RETURNING id`,
      [userId, externalKeys],
    );
    return deleted.length;
  }

  /** spec part 2 §7: POST /accept-bill/{id}: the suggestion becomes a bill (with the body's overrides). */
  async acceptBill(userId: string, id: string, overrides: AcceptBillInput): Promise<BillDto> {
    return this.dataSource.transaction(async (manager) => {
      const suggestion = await this.claimPending(manager, userId, id, 'bill');
      if ((await manager.count(Bill, { where: { userId } })) >= MAX_BILLS_PER_USER) throw new FinanceError('TOO_MANY_BILLS');
      const bill = await manager.save(manager.create(Bill, billColumns(userId, billFromSuggestion(suggestion, overrides), suggestion.id)));
      return toBillDto(bill);
    });
  }

  /** spec part 2 §7: POST /accept-income/{id}. */
  async acceptIncome(userId: string, id: string, overrides: AcceptIncomeInput): Promise<IncomeSourceDto> {
    return this.dataSource.transaction(async (manager) => {
      const suggestion = await this.claimPending(manager, userId, id, 'income');
      if ((await manager.count(IncomeSource, { where: { userId } })) >= MAX_INCOME_SOURCES_PER_USER) {
        throw new FinanceError('TOO_MANY_INCOME_SOURCES');
      }
      const income = await manager.save(
        manager.create(IncomeSource, incomeColumns(userId, incomeFromSuggestion(suggestion, overrides), suggestion.id)),
      );
      return toIncomeDto(income);
    });
  }

  /**
   * POST /dismiss-suggestion/{id} (ours): the suggestion is never shown again; bank-sync's resends leave a
   * dismissed one dismissed (the upsert only refreshes pending rows).
   */
  async dismiss(userId: string, id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const suggestion = await this.lockOwned(manager, userId, id);
      suggestion.status = 'dismissed';
      await manager.save(suggestion);
    });
  }

  /**
   * Locks the caller's suggestion of that kind and marks it accepted (rolled back with the transaction if
   * the new row fails). Someone else's id, or the other kind's, is not found.
   */
  private async claimPending(manager: EntityManager, userId: string, id: string, kind: SuggestionKind): Promise<Suggestion> {
    const suggestion = await this.lockOwned(manager, userId, id, kind);
    suggestion.status = 'accepted';
    await manager.save(suggestion);
    return suggestion;
  }

  /** The caller's pending suggestion (of that kind when given), locked; someone else's id is not found. */
  private async lockOwned(manager: EntityManager, userId: string, id: string, kind?: SuggestionKind): Promise<Suggestion> {
    const suggestion = isRowId(id)
      ? await manager.findOne(Suggestion, { where: { id, userId, ...(kind ? { kind } : {}) }, lock: { mode: 'pessimistic_write' } })
      : null;
    if (!suggestion) throw new FinanceError('SUGGESTION_NOT_FOUND');
    if (suggestion.status !== 'pending') throw new FinanceError('SUGGESTION_NOT_PENDING');
    return suggestion;
  }

  private async upsertKind(manager: EntityManager, userId: string, kind: SuggestionKind, rows: SuggestionRow[]): Promise<number> {
    if (rows.length === 0) return 0;
    const column = <K extends keyof SuggestionRow>(key: K) => rows.map((row) => row[key]);
    const result: unknown[] = await manager.query(UPSERT_SQL, [
      userId,
      kind,
      column('externalKey'),
      column('name'),
      column('amount'),
      column('category'),
      column('frequency'),
      column('suggestedDate'),
      column('transactionDate'),
      column('confidence'),
    ]);
    return result.length;
  }
}
