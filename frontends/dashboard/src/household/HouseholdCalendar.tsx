import {
  FINANCE_ENDPOINTS,
  HOUSEHOLD_CALENDAR_MESSAGES,
  type CalendarBill,
  type CalendarPayday,
  type HouseholdCalendarResponse,
} from '@paycadence/contracts';
import { Badge, formatDate, Spinner, type ApiClient } from '@paycadence/web-kit';
import { useQuery } from '@tanstack/react-query';
import { withServerTodayFallback } from '../api/finance-api.js';
import { Money } from '../components/Money.js';
import { localToday } from '../model/dashboard-model.js';
import { ErrorBanner } from './ErrorBanner.js';

export const householdCalendarKey = (householdId: string, today: string) => ['household', 'calendar', householdId, today] as const;

/** The household calendar of the next six weeks (the server's default range), for every member. */
export function useHouseholdCalendar(api: ApiClient, householdId: string) {
  const today = localToday();
  return useQuery({
    queryKey: householdCalendarKey(householdId, today),
    queryFn: ({ signal }) =>
      withServerTodayFallback((day) => api.call(FINANCE_ENDPOINTS.householdCalendar, { params: { householdId }, query: { today: day } }, { signal }), today),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' });
/** 'Fri 03/13/2026': the weekday, then the date in the format the settings chose. */
export const dayLabel = (date: string) => `${weekday.format(new Date(`${date}T00:00:00Z`))} ${formatDate(date)}`;
const possessive = (name: string) => (name.endsWith('s') ? `${name}'` : `${name}'s`);

type Entry = { kind: 'payday'; item: CalendarPayday } | { kind: 'bill'; item: CalendarBill };

/** Paydays and bills by day, paydays first on a day (their money arrives that morning). */
export function agendaDays(calendar: HouseholdCalendarResponse): Array<{ date: string; entries: Entry[] }> {
  const days = new Map<string, Entry[]>();
  const add = (date: string, entry: Entry) => days.set(date, [...(days.get(date) ?? []), entry]);
  for (const item of calendar.paydays) add(item.date, { kind: 'payday', item });
  for (const item of calendar.bills) add(item.due_date, { kind: 'bill', item });
  return [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, entries]) => ({ date, entries }));
}

/** Who pays what: each paycheck's owner with the shared bills their pay covers, then those paid from the balance. */
export function whoPays(calendar: HouseholdCalendarResponse): Array<{ key: string; who: string; bills: CalendarBill[]; totalCents: number }> {
  const groups = new Map<string, { key: string; who: string; bills: CalendarBill[]; totalCents: number }>();
  for (const bill of calendar.bills) {
    const key = bill.covered_by?.member.id ?? 'balance';
    const who = bill.covered_by ? `${possessive(bill.covered_by.member.name)} pay` : 'The balance';
    const group = groups.get(key) ?? { key, who, bills: [], totalCents: 0 };
    group.bills.push(bill);
    group.totalCents += bill.amount_cents;
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => Number(a.key === 'balance') - Number(b.key === 'balance') || a.who.localeCompare(b.who));
}

/**
 * 'Household calendar' (ours): the shared bills and the paydays of the incomes shared with the household for the
 * next six weeks as an agenda, each payday labelled with whose it is and each bill with the paycheck that covers
 * it; then 'Who pays what', the same bills grouped by whose paycheck pays them.
 */
export function HouseholdCalendar({ api, householdId }: { api: ApiClient; householdId: string }) {
  const calendar = useHouseholdCalendar(api, householdId);

  return (
    <section className="hh-calendar" aria-labelledby="hh-calendar-title">
      <h3 id="hh-calendar-title" className="hh-subtitle">
        {HOUSEHOLD_CALENDAR_MESSAGES.title}
      </h3>
      {calendar.isPending ? (
        <Spinner label={HOUSEHOLD_CALENDAR_MESSAGES.loading} />
      ) : calendar.isError ? (
        <ErrorBanner text={HOUSEHOLD_CALENDAR_MESSAGES.loadFailed} error={calendar.error} />
      ) : (
        <CalendarBody calendar={calendar.data} />
      )}
    </section>
  );
}

function CalendarBody({ calendar }: { calendar: HouseholdCalendarResponse }) {
  const days = agendaDays(calendar);
  return (
    <>
      <p className="hh-muted hh-calendar__range">
        {dayLabel(calendar.from)} to {dayLabel(calendar.to)}
      </p>
      {days.length === 0 ? (
        <p className="hh-muted">{HOUSEHOLD_CALENDAR_MESSAGES.empty}</p>
      ) : (
        <ol className="hh-agenda" aria-label={`${HOUSEHOLD_CALENDAR_MESSAGES.title}, by day`}>
          {days.map(({ date, entries }) => (
            <li key={date} className="hh-agenda__day">
              <h4 className="hh-agenda__date">
                <time dateTime={date}>{dayLabel(date)}</time>
              </h4>
              <ul className="hh-agenda__entries">
                {entries.map((entry) => (entry.kind === 'payday' ? <PaydayEntry key={entry.item.key} pay={entry.item} /> : <BillEntry key={entry.item.key} bill={entry.item} />))}
              </ul>
            </li>
          ))}
        </ol>
      )}
      {calendar.bills.length > 0 && calendar.paydays.length === 0 && <p className="hh-muted">{HOUSEHOLD_CALENDAR_MESSAGES.noSharedIncome}</p>}
      {calendar.bills.length > 0 && <WhoPays calendar={calendar} />}
    </>
  );
}

function PaydayEntry({ pay }: { pay: CalendarPayday }) {
  return (
    <li className="hh-entry hh-entry--payday">
      <Badge tone="success">Payday</Badge>
      <span className="hh-entry__main">
        <span className="hh-entry__name">
          {possessive(pay.member.name)} paycheck: {pay.source}
        </span>
      </span>
      <Money cents={pay.amount_cents} className="hh-entry__amount" signed />
    </li>
  );
}

function BillEntry({ bill }: { bill: CalendarBill }) {
  return (
    <li className="hh-entry hh-entry--bill">
      <Badge tone="warning">Bill due</Badge>
      <span className="hh-entry__main">
        <span className="hh-entry__name">{bill.name}</span>
        <span className="hh-entry__detail">
          {bill.covered_by
            ? `From ${possessive(bill.covered_by.member.name)} ${bill.covered_by.source} paycheck of ${formatDate(bill.covered_by.date)}; pay on ${formatDate(bill.pay_on)}`
            : `${HOUSEHOLD_CALENDAR_MESSAGES.fromBalance}; pay on ${formatDate(bill.pay_on)}`}
        </span>
      </span>
      <Money cents={bill.amount_cents} className="hh-entry__amount" />
    </li>
  );
}

function WhoPays({ calendar }: { calendar: HouseholdCalendarResponse }) {
  return (
    <section className="hh-whopays" aria-labelledby="hh-whopays-title">
      <h4 id="hh-whopays-title" className="hh-subtitle">
        {HOUSEHOLD_CALENDAR_MESSAGES.whoPays}
      </h4>
      <ul className="hh-whopays__list">
        {whoPays(calendar).map((group) => (
          <li key={group.key} className="hh-whopays__group">
            <p className="hh-whopays__who">
              <span>{group.who}</span> <Money cents={group.totalCents} />
            </p>
            <ul className="hh-whopays__bills">
              {group.bills.map((bill) => (
                <li key={bill.key}>
                  {bill.name} (<Money cents={bill.amount_cents} />) due {formatDate(bill.due_date)}
                  {bill.covered_by && `, from the ${bill.covered_by.source} paycheck of ${formatDate(bill.covered_by.date)}`}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
