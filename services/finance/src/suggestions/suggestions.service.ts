import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  canManageHousehold,
  MAX_BILLS_PER_USER,
  MAX_INCOME_SOURCES_PER_USER,
  type AcceptBillInput,
  type AcceptIncomeInput,
  type BillDto,
  type IncomeSourceDto,
  type SuggestionChoiceResponse,
  type SuggestionKind,
  type SuggestionLooksLike,
  type SuggestionsResponse,
  type UpsertSuggestionsCommand,
} from '@paycadence/contracts';
import { isRowId } from '@paycadence/nest-kit';
import { Bill } from '../bills/bill.entity.js';
import { applyBillUpdate, billColumns, toBillDto } from '../bills/bill.mapper.js';
import { FinanceError } from '../errors.js';
import { dollarsToNumeric, numericToCents } from '../common/money.js';
import { HouseholdAccess } from '../households/household-access.js';
import { IncomeSource } from '../income/income-source.entity.js';
import { assertIncomeSchedule, incomeScheduleOf } from '../income/income-schedule.js';
import { applyIncomeUpdate, incomeColumns, toIncomeDto } from '../income/income.mapper.js';
import { looksLikeBill, looksLikeIncome, type DetectedItem, type ExistingItem } from './looks-like.js';
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
  /** Income's detected schedule, each list as an array literal ('{15,31}'): see UPSERT_SQL. Bills: null. */
  payDays: string | null;
  paidMonths: string | null;
  lowAmount: string | null;
}

/**
 * A list of whole numbers as a PostgreSQL array literal, or null. One unnest column per field cannot carry a list
 * per row (a two-dimensional array must be rectangular and holds no NULL rows), so each row's list travels as
 * text and is cast back to smallint[] in the statement. The numbers are the schema's validated integers.
 */
function arrayLiteral(values: readonly number[] | null): string | null {
  return values === null ? null : `{${values.join(',')}}`;
}

/** Keeps the last item per external key: one statement cannot update the same row twice. */
function lastPerKey(rows: SuggestionRow[]): SuggestionRow[] {
  return [...new Map(rows.map((row) => [row.externalKey, row])).values()];
}

/**
 * One INSERT per kind. A resend refreshes a pending suggestion; an accepted or dismissed one stays as the
 * user left it, so the handler can run twice with the same result (docs/conventions.md §4).
 */
const UPSERT_SQL = `
  INSERT INTO suggestions (user_id, kind, external_key, name, amount, category, frequency, suggested_date, transaction_date, confidence,
                           suggested_pay_days, suggested_paid_months, suggested_low_amount)
  SELECT $1, $2, u.external_key, u.name, u.amount, u.category, u.frequency, u.suggested_date, u.transaction_date, u.confidence,
         u.pay_days::smallint[], u.paid_months::smallint[], u.low_amount
  FROM unnest($3::text[], $4::text[], $5::numeric[], $6::text[], $7::text[], $8::date[], $9::date[], $10::numeric[],
              $11::text[], $12::text[], $13::numeric[])
    AS u(external_key, name, amount, category, frequency, suggested_date, transaction_date, confidence, pay_days, paid_months, low_amount)
  ON CONFLICT (user_id, kind, external_key) DO UPDATE SET
    name = EXCLUDED.name, amount = EXCLUDED.amount, category = EXCLUDED.category, frequency = EXCLUDED.frequency,
    suggested_date = EXCLUDED.suggested_date, transaction_date = EXCLUDED.transaction_date,
    confidence = EXCLUDED.confidence, suggested_pay_days = EXCLUDED.suggested_pay_days,
    suggested_paid_months = EXCLUDED.suggested_paid_months, suggested_low_amount = EXCLUDED.suggested_low_amount, updated_at = now()
  WHERE suggestions.status = 'pending'
  RETURNING id`;

@Injectable()
export class SuggestionsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(HouseholdAccess) private readonly access: HouseholdAccess,
  ) {}

  /**
   * GET /suggestions answers `{bills, income}`: the pending ones, most confident first. Ours: one
   * that seems to be a bill or income the caller already has carries it as `looksLike` (looks-like.ts), so the
   * screens ask 'Is Oakwood Properties your Rent?' instead of adding a second rent.
   */
  async listPending(userId: string): Promise<SuggestionsResponse> {
    const rows = await this.dataSource.getRepository(Suggestion).find({
      where: { userId, status: 'pending' },
      order: { confidence: 'DESC', suggestedDate: 'ASC', name: 'ASC' },
    });
    const bills = rows.filter((s) => s.kind === 'bill');
    const income = rows.filter((s) => s.kind === 'income');
    const mine = await this.linkableItems(userId, bills.length > 0, income.length > 0);
    return {
      bills: bills.map((s) => withLooksLike(toBillSuggestionDto(s), looksLikeBill(detectedOf(s), mine.bills))),
      income: income.map((s) => withLooksLike(toIncomeSuggestionDto(s), looksLikeIncome(detectedOf(s), mine.incomes))),
    };
  }

  /**
   * The items a detected one may be linked to or replace: the caller's personal ones and the shared ones they may
   * edit (owner or partner of the household; a member could not link or replace it). Read only for the kinds that
   * have pending suggestions; household not answering: personal items only.
   */
  private async linkableItems(userId: string, bills: boolean, incomes: boolean): Promise<{ bills: ExistingItem[]; incomes: ExistingItem[] }> {
    if (!bills && !incomes) return { bills: [], incomes: [] };
    const memberships = await this.access.memberships(userId);
    const editable = memberships?.filter((m) => canManageHousehold(m.role)) ?? null;
    const [billRows, incomeRows] = await Promise.all([
      bills ? this.dataSource.getRepository(Bill).find({ where: this.access.visibleWhere<Bill>(userId, editable) }) : [],
      incomes ? this.dataSource.getRepository(IncomeSource).find({ where: this.access.visibleWhere<IncomeSource>(userId, editable) }) : [],
    ]);
    return {
      bills: billRows.map((b) => ({ id: b.id, name: b.name, payee: b.payee, amountCents: numericToCents(b.amount), date: b.dueDate })),
      incomes: incomeRows.map((i) => ({ id: i.id, name: i.source, amountCents: numericToCents(i.amount), date: i.nextDate })),
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
        payDays: null,
        paidMonths: null,
        lowAmount: null,
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
        payDays: arrayLiteral(i.suggestedPayDays),
        paidMonths: arrayLiteral(i.suggestedPaidMonths),
        lowAmount: i.suggestedLowAmount === null ? null : dollarsToNumeric(i.suggestedLowAmount),
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

  /** docs/product/signed-in.md §7: POST /accept-bill/{id}: the suggestion becomes a bill (with the body's overrides). */
  async acceptBill(userId: string, id: string, overrides: AcceptBillInput): Promise<BillDto> {
    return this.dataSource.transaction(async (manager) => {
      const suggestion = await this.claimPending(manager, userId, id, 'bill');
      if ((await manager.count(Bill, { where: { userId } })) >= MAX_BILLS_PER_USER) throw new FinanceError('TOO_MANY_BILLS');
      const bill = await manager.save(manager.create(Bill, billColumns(userId, billFromSuggestion(suggestion, overrides), suggestion.id)));
      return toBillDto(bill);
    });
  }

  /** docs/product/signed-in.md §7: POST /accept-income/{id}. */
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
   * POST /suggestions/{id}/link (ours): the detected bill or income is one the caller already has. The item keeps
   * its name, amount and dates; a bill gains the detected merchant as its payee, so bank payments to it pay the
   * bill's occurrences from now on. The suggestion is accepted (a resend never brings it back) and the item names
   * it as its source.
   */
  link(userId: string, id: string, targetId: string): Promise<SuggestionChoiceResponse> {
    return this.choose(userId, id, targetId, 'link');
  }

  /**
   * POST /suggestions/{id}/replace (ours): as link, and the item takes the detected amount, date and cadence (a
   * bill its due date and recurrence, an income its next date, frequency and pay schedule). Same row, same id, so
   * a bill's paid marks stay.
   */
  replace(userId: string, id: string, targetId: string): Promise<SuggestionChoiceResponse> {
    return this.choose(userId, id, targetId, 'replace');
  }

  /**
   * Link or replace in one transaction: the caller's pending suggestion (404 when not theirs, 409 when already
   * answered), then the target of its kind the caller may edit (another user's id is not found, exactly like a
   * missing one; a household member's view of a shared item is 403). A failure leaves the suggestion pending.
   */
  private choose(userId: string, id: string, targetId: string, choice: 'link' | 'replace'): Promise<SuggestionChoiceResponse> {
    return this.dataSource.transaction(async (manager) => {
      const suggestion = await this.lockOwned(manager, userId, id);
      suggestion.status = 'accepted';
      await manager.save(suggestion);
      if (suggestion.kind === 'bill') {
        const { row, memberships } = await this.access.findEditable(manager.getRepository(Bill), userId, targetId, 'BILL_NOT_FOUND');
        if (choice === 'replace') {
          const detected = billFromSuggestion(suggestion, {});
          applyBillUpdate(row, { amount: detected.amount, due_date: detected.due_date, recurring: detected.recurring });
        }
        row.payee = suggestion.name;
        row.suggestionId = suggestion.id;
        const saved = await manager.save(row);
        return { kind: 'bill', bill: toBillDto(saved, this.access.sharedInfo(saved, memberships)) };
      }
      const { row, memberships } = await this.access.findEditable(manager.getRepository(IncomeSource), userId, targetId, 'INCOME_NOT_FOUND');
      if (choice === 'replace') {
        const detected = incomeFromSuggestion(suggestion, {});
        applyIncomeUpdate(row, {
          amount: detected.amount,
          next_date: detected.next_date,
          frequency: detected.frequency,
          pay_days: detected.pay_days,
          paid_months: detected.paid_months,
          low_amount: detected.low_amount,
        });
        assertIncomeSchedule(incomeScheduleOf(row));
      }
      row.suggestionId = suggestion.id;
      const saved = await manager.save(row);
      return { kind: 'income', income: toIncomeDto(saved, this.access.sharedInfo(saved, memberships)) };
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
      column('payDays'),
      column('paidMonths'),
      column('lowAmount'),
    ]);
    return result.length;
  }
}

/** A pending suggestion as the looks-like rule reads it: its name, amount in cents and suggested date. */
const detectedOf = (s: Suggestion): DetectedItem => ({ name: s.name, amountCents: numericToCents(s.amount), date: s.suggestedDate });

/** The suggestion's answer with the item it seems to be; left as it was when there is none. */
function withLooksLike<T extends object>(dto: T, match: ExistingItem | null): T & { looksLike?: SuggestionLooksLike } {
  return match ? { ...dto, looksLike: { id: match.id, name: match.name, amountCents: match.amountCents, date: match.date } } : dto;
}
