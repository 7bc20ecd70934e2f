import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { DataSource, Repository } from 'typeorm';
import {
  billerLetter,
  billerPhoneScript,
  dueDayFlexibilityFor,
  FIRST_DUE_DAY,
  LAST_DUE_DAY,
  LETTER_MESSAGES,
  MOVE_EFFECTIVE_DAYS_AHEAD,
  MOVE_EFFECTIVE_DAYS_BACK,
  MOVE_EXPECTATIONS,
  PLANNER_MESSAGES,
  type DueDateLetterSent,
  type DueDateMoveCreate,
  type DueDateMoveDto,
  type DueDateMoveUpdate,
} from '@paycadence/contracts';
import { addDays, changeDueDay, dayOfMonthOf, dueDayMonthStep } from '@paycadence/finance-rules';
import { CLOCK, escapeHtml, isRowId, MAIL_SENDER, ValidationFailedError, type Clock, type MailSender } from '@paycadence/nest-kit';
import { Bill } from '../bills/bill.entity.js';
import { FinanceError } from '../errors.js';
import { HouseholdAccess } from '../households/household-access.js';
import { AuthDirectoryClient } from '../reminders/auth-directory.client.js';
import { DueDateMoveRow } from './due-date-move.entity.js';
import { toDueDateMoveDto } from './due-date-move.mapper.js';
import { PlannerService } from './planner.service.js';

const UNIQUE_VIOLATION = '23505';

/**
 * The checklist of moves with billers (docs/due-date-planner.md): a move is the person's own (another user's id is
 * not found), on a bill they may change (their own, or a shared one as an owner or partner). Confirming one with the
 * date it takes effect changes the bill from that date on (finance-rules changeDueDay): the earlier occurrences keep
 * their dates, and the write bumps the data version, so the dashboard, forecast, reminders and calendar feed follow.
 */
@Injectable()
export class DueDateMovesService {
  constructor(
    @InjectRepository(DueDateMoveRow) private readonly moves: Repository<DueDateMoveRow>,
    @InjectRepository(Bill) private readonly bills: Repository<Bill>,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(HouseholdAccess) private readonly access: HouseholdAccess,
    @Inject(AuthDirectoryClient) private readonly directory: AuthDirectoryClient,
    @Inject(MAIL_SENDER) private readonly mail: MailSender,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PlannerService) private readonly planner: PlannerService,
  ) {}

  async list(userId: string): Promise<DueDateMoveDto[]> {
    const rows = await this.moves.find({ where: { userId }, order: { createdAt: 'ASC' } });
    const bills = rows.length ? await this.bills.findBy(rows.map((row) => ({ id: row.billId }))) : [];
    const byId = new Map(bills.map((bill) => [bill.id, bill]));
    return rows.flatMap((row) => (byId.has(row.billId) ? [toDueDateMoveDto(row, byId.get(row.billId)!)] : []));
  }

  async create(userId: string, { billId, toDay }: DueDateMoveCreate): Promise<DueDateMoveDto> {
    const { row: bill } = await this.access.findEditable(this.bills, userId, billId, 'BILL_NOT_FOUND');
    this.assertMovable(bill, toDay);
    const fromDay = dayOfMonthOf(bill.dueDate);
    if (fromDay === toDay) throw new FinanceError('MOVE_SAME_DAY');
    try {
      const saved = await this.moves.save(this.moves.create({ userId, billId: bill.id, fromDay, toDay, status: 'planned', effectiveDate: null, askedAt: null }));
      return toDueDateMoveDto(saved, bill);
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw new FinanceError('MOVE_ALREADY_OPEN');
      throw error;
    }
  }

  async update(userId: string, id: string, change: DueDateMoveUpdate): Promise<DueDateMoveDto> {
    const move = await this.ownMove(userId, id);
    if (move.status === 'confirmed') throw new FinanceError('MOVE_CONFIRMED');
    // The person must still be allowed to change the bill (a partner made a plain member since is not).
    const { row: bill } = await this.access.findEditable(this.bills, userId, move.billId, 'MOVE_NOT_FOUND');
    const toDay = change.toDay ?? move.toDay;
    if (change.toDay !== undefined) {
      this.assertMovable(bill, toDay);
      if (toDay === dayOfMonthOf(bill.dueDate)) throw new FinanceError('MOVE_SAME_DAY');
    }
    const status = change.status ?? move.status;
    if (status !== 'confirmed') {
      if (status === 'asked' && move.status !== 'asked') move.askedAt = this.clock.now();
      if (status === 'planned') move.askedAt = null;
      move.status = status;
      move.toDay = toDay;
      try {
        return toDueDateMoveDto(await this.moves.save(move), bill);
      } catch (error) {
        // A declined move opened again while another move of the bill is open.
        if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw new FinanceError('MOVE_ALREADY_OPEN');
        throw error;
      }
    }
    return this.confirm(userId, move, toDay, change.effectiveDate!);
  }

  async remove(userId: string, id: string): Promise<void> {
    const move = await this.ownMove(userId, id);
    // A confirmed move is the bill's history: the bill already follows it.
    if (move.status === 'confirmed') throw new FinanceError('MOVE_CONFIRMED');
    await this.moves.delete({ id: move.id, userId });
  }

  /** The letter to the biller, e-mailed to the person's own address once they proved it. */
  async emailLetter(userId: string, id: string): Promise<DueDateLetterSent> {
    const move = await this.ownMove(userId, id);
    const bill = await this.bills.findOneBy({ id: move.billId });
    if (!bill) throw new FinanceError('MOVE_NOT_FOUND');
    let user;
    try {
      user = await this.directory.user(userId);
    } catch {
      throw new FinanceError('LETTER_NOT_SENT');
    }
    if (!user) throw new FinanceError('MOVE_NOT_FOUND');
    if (!user.emailConfirmed) throw new FinanceError('LETTER_ADDRESS_UNCONFIRMED');
    const holder = [user.firstName, user.lastName].filter((part) => part && part.trim()).join(' ').trim() || user.email;
    const request = { accountHolder: holder, billName: bill.name, fromDay: move.fromDay, toDay: move.toDay, paydayDay: await this.paydayDayOf(userId, move) };
    const text = [
      `Your request to move ${bill.name}'s due date`,
      '',
      'The letter (copy it into a message to the biller, or print it):',
      '',
      billerLetter(request, longDate(this.clock.today())),
      '',
      'Or say it on the phone:',
      '',
      billerPhoneScript(request),
      '',
      'What to expect:',
      ...MOVE_EXPECTATIONS.map((line) => `- ${line}`),
    ].join('\n');
    try {
      await this.mail.send({
        to: user.email,
        subject: `Your letter asking to move ${bill.name}'s due date`,
        text,
        html: `<pre style="font-family: inherit; white-space: pre-wrap">${escapeHtml(text)}</pre>`,
      });
    } catch {
      throw new FinanceError('LETTER_NOT_SENT');
    }
    return { sent: true, message: LETTER_MESSAGES.sent };
  }

  /**
   * The day of the month of the paycheck the new day follows, as the planner names it for this move (the letter's
   * "my paycheck arrives on the 25th"); null when none does or the plan cannot be made now.
   */
  private async paydayDayOf(userId: string, move: DueDateMoveRow): Promise<number | null> {
    try {
      const plan = await this.planner.plan(userId, { choices: new Map([[move.billId, move.toDay]]) });
      const payday = plan.moves.find((planned) => planned.billId === move.billId)?.payday;
      return payday ? dayOfMonthOf(payday.date) : null;
    } catch {
      return null;
    }
  }

  /** In one transaction: the bill takes its new series from the effective date on, and the move is confirmed. */
  private async confirm(userId: string, move: DueDateMoveRow, toDay: number, effectiveDate: string): Promise<DueDateMoveDto> {
    const today = this.clock.today();
    if (effectiveDate < addDays(today, -MOVE_EFFECTIVE_DAYS_BACK) || effectiveDate > addDays(today, MOVE_EFFECTIVE_DAYS_AHEAD)) {
      throw new FinanceError('MOVE_EFFECTIVE_DATE_RANGE');
    }
    return this.dataSource.transaction(async (manager) => {
      const bill = await manager.getRepository(Bill).findOne({ where: { id: move.billId }, lock: { mode: 'pessimistic_write' } });
      if (!bill) throw new FinanceError('MOVE_NOT_FOUND');
      this.assertMovable(bill, toDay);
      const change = changeDueDay(bill, toDay, effectiveDate);
      if (change === null) throw new FinanceError('BILL_NOT_MONTHLY');
      bill.dueDate = change.dueDate;
      bill.earlierDueDate = change.earlierDueDate;
      bill.dueDateFrom = change.dueDateFrom;
      await manager.getRepository(Bill).save(bill);
      const locked = await manager.getRepository(DueDateMoveRow).findOne({ where: { id: move.id, userId }, lock: { mode: 'pessimistic_write' } });
      if (!locked) throw new FinanceError('MOVE_NOT_FOUND');
      if (locked.status === 'confirmed') throw new FinanceError('MOVE_CONFIRMED');
      locked.status = 'confirmed';
      locked.toDay = toDay;
      locked.effectiveDate = effectiveDate;
      return toDueDateMoveDto(await manager.getRepository(DueDateMoveRow).save(locked), bill);
    });
  }

  private assertMovable(bill: Bill, toDay: number): void {
    if (dueDayFlexibilityFor(bill.category, bill.dueDayFlexible) === 'no') throw new FinanceError('BILL_NOT_MOVABLE');
    if (dueDayMonthStep(bill.recurring) === null) throw new FinanceError('BILL_NOT_MONTHLY');
    const min = bill.dueDayMin ?? FIRST_DUE_DAY;
    const max = bill.dueDayMax ?? LAST_DUE_DAY;
    if (toDay < min || toDay > max) throw new ValidationFailedError({ toDay: PLANNER_MESSAGES.dayOutOfRange(min, max) });
  }

  private async ownMove(userId: string, id: string): Promise<DueDateMoveRow> {
    const move = isRowId(id) ? await this.moves.findOneBy({ id, userId }) : null;
    if (!move) throw new FinanceError('MOVE_NOT_FOUND');
    return move;
  }
}

/** 'December 7, 2026': how the letter is dated. */
function longDate(iso: string): string {
  return new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}
