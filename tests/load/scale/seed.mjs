// The scale bench's data, written straight into the services' own tables with COPY (pg-copy-streams), user by
// user in index order so that a larger size only adds users [from, to) to a smaller one. Every value of user i
// comes from a generator seeded with i, so a rerun writes the same rows. Not a *.bench.mjs file: `npm run
// bench` does not run it; tests/load/scale/scale-bench.mjs (`npm run bench:scale`) does.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import copyStreams from 'pg-copy-streams';

/** Share of users with a linked bank; the first user always has one (the heaviest). */
export const LINKED_SHARE = 0.1;
/** Share of users with bill or payday reminder e-mails on (docs/product/signed-in.md: Notifications). */
export const REMINDERS_ON_SHARE = 0.7;
/** Share of users whose Notifications settings were saved with both toggles off. */
export const REMINDERS_OFF_SHARE = 0.15;
/** Share of the reminders-on users whose next reminder is due when the scan runs. */
export const DUE_SHARE = 0.01;
/** The heaviest user (user 0): the transaction list and the export are measured on them. */
export const HEAVY_USER_TRANSACTIONS = 10_000;
/** Every seeded user signs in with this password (one real argon2id hash is stored for all). */
export const SEEDED_PASSWORD = 'Scale-bench-password-1!';

// IANA zones over the world, weighted roughly by where people are; canonical names only.
const TIME_ZONES = [
  ['America/New_York', 14], ['America/Chicago', 9], ['America/Denver', 3], ['America/Los_Angeles', 9],
  ['America/Phoenix', 2], ['America/Anchorage', 1], ['Pacific/Honolulu', 1], ['America/Toronto', 3],
  ['America/Mexico_City', 3], ['America/Sao_Paulo', 3], ['America/Argentina/Buenos_Aires', 1],
  ['Europe/London', 5], ['Europe/Berlin', 4], ['Europe/Paris', 3], ['Europe/Madrid', 2], ['Europe/Istanbul', 2],
  ['Africa/Lagos', 2], ['Africa/Cairo', 1], ['Africa/Johannesburg', 1], ['Asia/Dubai', 2], ['Asia/Kolkata', 6],
  ['Asia/Kathmandu', 1], ['Asia/Dhaka', 1], ['Asia/Bangkok', 2], ['Asia/Shanghai', 4], ['Asia/Manila', 3],
  ['Asia/Tokyo', 3], ['Australia/Sydney', 3], ['Australia/Adelaide', 1], ['Pacific/Auckland', 1],
];
// docs/product/signed-in.md §3: bill categories and recurrences; weights as people's bills run.
const CATEGORIES = ['utilities', 'rent', 'insurance', 'subscriptions', 'loans', 'credit-card', 'auto-payment', 'other'];
const RECURRENCES = [['monthly', 62], ['quarterly', 8], ['yearly', 8], ['once', 10], ['weekly', 5], ['biweekly', 7]];
const PAY_FREQUENCIES = [['weekly', 25], ['biweekly', 35], ['twice-monthly', 15], ['monthly', 25]];
const BILL_NAMES = ['Rent', 'Electric', 'Water', 'Internet', 'Phone', 'Car loan', 'Car insurance', 'Streaming',
  'Gym', 'Credit card', 'Student loan', 'Health insurance', 'Gas', 'Cloud storage', 'Music', 'Childcare'];
const MERCHANTS = ['Corner Grocer', 'Fuel Stop', 'Coffee House', 'Book Nook', 'Hardware Hub', 'Pizza Place',
  'Pharmacy Plus', 'City Transit', 'Movie Hall', 'Green Market', 'Pet Supplies', 'Online Store'];

/** mulberry32: a small, fast generator; the same seed gives the same sequence. */
export function prng(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const weighted = (pairs) => {
  const total = pairs.reduce((sum, [, weight]) => sum + weight, 0);
  return (random) => {
    let left = random() * total;
    for (const [value, weight] of pairs) if ((left -= weight) < 0) return value;
    return pairs[pairs.length - 1][0];
  };
};
const pickZone = weighted(TIME_ZONES);
const pickRecurrence = weighted(RECURRENCES);
const pickFrequency = weighted(PAY_FREQUENCIES);
const between = (random, low, high) => low + Math.floor(random() * (high - low + 1));
const dollars = (cents) => (cents / 100).toFixed(2);

/** A UUID (version 4 layout) made from a number and a kind, so ids can be recomputed and sort by number. */
export function seededUuid(kind, n) {
  const hex = n.toString(16).padStart(16, '0');
  return `${kind.toString(16).padStart(8, '0')}-${hex.slice(0, 4)}-4${hex.slice(4, 7)}-8${hex.slice(7, 10)}-${hex.slice(10)}000000`;
}
const USER = 1;
const ITEM = 2;
const ACCOUNT = 3;
const TRANSACTION = 4;
const HOUSEHOLD = 5;
export const userId = (i) => seededUuid(USER, i);
export const userEmail = (i) => `scale-user-${i}@example.com`;

/** Whether user i has a linked bank (user 0 always). */
export const isLinked = (i) => i === 0 || prng(i * 7 + 3)() < LINKED_SHARE;

/** The day `days` after ISO day `iso`. */
export function addDays(iso, days) {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The reminder settings of user i, or null when they never saved any. */
export function reminderSettingsOf(i) {
  const random = prng(i * 11 + 5);
  const roll = random();
  if (roll >= REMINDERS_ON_SHARE + REMINDERS_OFF_SHARE) return null;
  const on = roll < REMINDERS_ON_SHARE;
  const both = random() < 0.8;
  return {
    bills: on,
    income: on && both,
    suggestions: random() < 0.5,
    updates: random() < 0.3,
    daysBefore: random() < 0.6 ? 3 : between(random, 1, 14),
    timeZone: pickZone(random),
    due: on && random() < DUE_SHARE,
  };
}

/** How many transactions user i's bank holds: 0 unlinked; else around `average`, skewed (a few heavy ones). */
export function transactionCountOf(i, average) {
  if (!isLinked(i)) return 0;
  if (i === 0) return HEAVY_USER_TRANSACTIONS;
  const random = prng(i * 13 + 9);
  // Exponential around the average, capped at the heaviest user's count.
  return Math.min(HEAVY_USER_TRANSACTIONS - 1, Math.max(1, Math.round(-Math.log(1 - random()) * average)));
}

/** The rows of one table for users [from, to), as COPY text chunks of about `chunk` users each. */
async function* chunks(from, to, rowsOf, chunk = 2000) {
  for (let start = from; start < to; start += chunk) {
    let text = '';
    const end = Math.min(to, start + chunk);
    for (let i = start; i < end; i += 1) text += rowsOf(i);
    if (text) yield text;
  }
}

/**
 * The tables and their rows. `today` is the ISO day, `now` the instant, `hash` the one password hash,
 * `averageTransactions` the mean of a linked bank's transactions; `nextReminderColumn` whether finance's
 * reminder_settings has next_reminder_at (filled when it does).
 */
export function tablesFor({ today, now, hash, averageTransactions, nextReminderColumn }) {
  const stamp = now.toISOString();
  const nowMs = now.getTime();
  return [
    {
      table: 'auth.users',
      columns: ['id', 'email', 'password_hash', 'first_name', 'last_name', 'phone', 'date_of_birth', 'address',
        'created_at', 'updated_at', 'password_set_at', 'email_confirmed_at'],
      rowsOf(i) {
        const random = prng(i * 3 + 1);
        const created = new Date(nowMs - between(random, 1, 700) * 86_400_000).toISOString();
        const address = `{"street": "${i} Main St", "city": "Springfield", "state": "IL", "zipCode": "62701"}`;
        return `${userId(i)}\t${userEmail(i)}\t${hash}\tScale\tUser ${i}\t(555) 123-4567\t1990-01-15\t${address}\t${created}\t${created}\t${created}\t${created}\n`;
      },
    },
    {
      table: 'finance.income_sources',
      columns: ['user_id', 'source', 'amount', 'frequency', 'next_date', 'pay_days'],
      rowsOf(i) {
        const random = prng(i * 5 + 2);
        const count = random() < 0.25 ? 2 : 1;
        let rows = '';
        for (let k = 0; k < count; k += 1) {
          const frequency = pickFrequency(random);
          let next;
          let payDays = '\\N';
          if (frequency === 'twice-monthly') {
            // Paid on the 1st and the 15th: the next one from today.
            payDays = '{1,15}';
            const day = Number(today.slice(8, 10));
            next = day <= 15 ? `${today.slice(0, 8)}15` : addDays(`${today.slice(0, 8)}01`, 32).slice(0, 8) + '01';
          } else {
            next = addDays(today, between(random, 0, frequency === 'weekly' ? 6 : frequency === 'biweekly' ? 13 : 30));
          }
          const cents = frequency === 'weekly' ? between(random, 40_000, 150_000) : between(random, 90_000, 600_000);
          rows += `${userId(i)}\t${k === 0 ? 'Paycheck' : 'Side income'}\t${dollars(cents)}\t${frequency}\t${next}\t${payDays}\n`;
        }
        return rows;
      },
    },
    {
      table: 'finance.bills',
      columns: ['user_id', 'name', 'amount', 'due_date', 'priority', 'category', 'recurring'],
      rowsOf(i) {
        const random = prng(i * 17 + 4);
        const count = between(random, 3, 15);
        let rows = '';
        for (let k = 0; k < count; k += 1) {
          const name = `${BILL_NAMES[k % BILL_NAMES.length]}${k >= BILL_NAMES.length ? ' 2' : ''}`;
          const category = k === 0 ? 'rent' : CATEGORIES[between(random, 0, CATEGORIES.length - 1)];
          const priority = k === 0 ? 'high' : random() < 0.3 ? 'high' : random() < 0.6 ? 'medium' : 'low';
          const cents = k === 0 ? between(random, 80_000, 250_000) : between(random, 999, 40_000);
          rows += `${userId(i)}\t${name}\t${dollars(cents)}\t${addDays(today, between(random, -10, 35))}\t${priority}\t${category}\t${pickRecurrence(random)}\n`;
        }
        return rows;
      },
    },
    {
      table: 'finance.savings_goals',
      columns: ['user_id', 'goal_type', 'current_amount', 'target_amount'],
      rowsOf(i) {
        const random = prng(i * 19 + 6);
        if (random() >= 0.3) return '';
        return `${userId(i)}\temergency_fund\t${dollars(between(random, 0, 500_000))}\t${dollars(1_000_000)}\n`;
      },
    },
    {
      table: 'finance.reminder_settings',
      columns: ['user_id', 'bills', 'income', 'suggestions', 'updates', 'days_before', 'time_zone', 'updated_at',
        ...(nextReminderColumn ? ['next_reminder_at'] : [])],
      rowsOf(i) {
        const settings = reminderSettingsOf(i);
        if (!settings) return '';
        const { bills, income, suggestions, updates, daysBefore, timeZone, due } = settings;
        let next = '';
        if (nextReminderColumn) {
          // Due now: a minute to an hour ago; the others later today up to a week ahead. Off: none.
          const random = prng(i * 23 + 8);
          const at = !bills && !income ? null : due ? nowMs - between(random, 60, 3600) * 1000 : nowMs + between(random, 3600, 7 * 86_400) * 1000;
          next = `\t${at === null ? '\\N' : new Date(at).toISOString()}`;
        }
        return `${userId(i)}\t${bills}\t${income}\t${suggestions}\t${updates}\t${daysBefore}\t${timeZone}\t${stamp}${next}\n`;
      },
    },
    {
      // One version per user, as the triggers (off while seeding) would have left it.
      table: 'finance.data_versions',
      columns: ['user_id', 'version'],
      rowsOf: (i) => `${userId(i)}\t${i + 1}\n`,
    },
    {
      table: 'finance.bank_summaries',
      columns: ['user_id', 'monthly_income_cents', 'savings_rate_percent', 'computed_at', 'cash_balance_cents'],
      rowsOf(i) {
        if (!isLinked(i)) return '';
        const random = prng(i * 29 + 1);
        return `${userId(i)}\t${between(random, 200_000, 900_000)}\t${(random() * 30 - 5).toFixed(1)}\t${stamp}\t${between(random, 10_000, 2_000_000)}\n`;
      },
    },
    {
      // Every 50th user shares a household with the next one (owner and partner); a partner seeded in a later
      // size joins the household its owner's size made.
      table: 'household.households',
      columns: ['id', 'name', 'created_at'],
      rowsOf: (i) => (i % 50 === 0 ? `${seededUuid(HOUSEHOLD, i)}\tHousehold ${i}\t${stamp}\n` : ''),
    },
    {
      table: 'household.household_members',
      columns: ['household_id', 'user_id', 'role', 'joined_at'],
      rowsOf(i) {
        if (i % 50 > 1) return '';
        return `${seededUuid(HOUSEHOLD, i - (i % 50))}\t${userId(i)}\t${i % 50 === 0 ? 'owner' : 'partner'}\t${stamp}\n`;
      },
    },
    {
      table: 'bank_sync.plaid_items',
      columns: ['id', 'user_id', 'plaid_item_id', 'access_token_sealed', 'institution_id', 'institution_name',
        'cursor', 'last_synced_at'],
      rowsOf: (i) =>
        isLinked(i)
          ? `${seededUuid(ITEM, i)}\t${userId(i)}\tscale-item-${i}\tseeded-not-a-sealed-token\tins_109508\tFirst Platypus Bank\tseeded\t${stamp}\n`
          : '',
    },
    {
      table: 'bank_sync.bank_accounts',
      columns: ['id', 'user_id', 'item_id', 'plaid_account_id', 'name', 'mask', 'type', 'subtype',
        'current_balance', 'available_balance', 'balance_updated_at'],
      rowsOf(i) {
        if (!isLinked(i)) return '';
        const random = prng(i * 31 + 2);
        const checking = dollars(between(random, 10_000, 1_500_000));
        const savings = dollars(between(random, 0, 5_000_000));
        return (
          `${seededUuid(ACCOUNT, i * 2)}\t${userId(i)}\t${seededUuid(ITEM, i)}\tacc-${i}-0\tEveryday Checking\t0000\tdepository\tchecking\t${checking}\t${checking}\t${stamp}\n` +
          `${seededUuid(ACCOUNT, i * 2 + 1)}\t${userId(i)}\t${seededUuid(ITEM, i)}\tacc-${i}-1\tSavings\t1111\tdepository\tsavings\t${savings}\t${savings}\t${stamp}\n`
        );
      },
    },
    {
      table: 'bank_sync.bank_transactions',
      columns: ['id', 'user_id', 'item_id', 'account_id', 'plaid_transaction_id', 'amount', 'date', 'name',
        'merchant_name', 'merchant_key', 'category'],
      rowsOf(i) {
        const count = transactionCountOf(i, averageTransactions);
        if (count === 0) return '';
        const random = prng(i * 37 + 3);
        const user = userId(i);
        const item = seededUuid(ITEM, i);
        const account = seededUuid(ACCOUNT, i * 2);
        // 24 months of history, newest first; a paycheck every 14th transaction, the rest purchases.
        const spanDays = 730;
        let rows = '';
        for (let k = 0; k < count; k += 1) {
          const date = addDays(today, -Math.floor((k * spanDays) / count));
          const pay = k % 14 === 0;
          const merchant = pay ? 'Employer Payroll' : MERCHANTS[between(random, 0, MERCHANTS.length - 1)];
          const amount = pay ? `-${dollars(between(random, 90_000, 300_000))}` : dollars(between(random, 199, 25_000));
          const key = merchant.toLowerCase().replace(/ /g, '-');
          rows += `${seededUuid(TRANSACTION, i * HEAVY_USER_TRANSACTIONS + k)}\t${user}\t${item}\t${account}\tscale-${i}-${k}\t${amount}\t${date}\t${merchant.toUpperCase()}\t${merchant}\t${key}\t{${pay ? 'Transfer' : 'Shops'}}\n`;
        }
        return rows;
      },
      chunk: 50,
    },
  ];
}

/**
 * Writes users [from, to) of every table with COPY, two tables at a time (the generator and PostgreSQL each
 * keep a core busy), on clients from `connect()` with triggers and foreign-key checks off (the seed writes
 * what those would keep consistent). Resolves to the rows written per table.
 */
export async function seedUsers({ connect, from, to, tables, log = () => {}, parallel = 2 }) {
  const written = {};
  const queue = [...tables];
  const worker = async () => {
    for (let spec = queue.shift(); spec; spec = queue.shift()) {
      const client = await connect();
      try {
        await client.query(`SET session_replication_role = replica`);
        const started = Date.now();
        let rows = 0;
        const source = Readable.from(
          (async function* () {
            for await (const text of chunks(from, to, spec.rowsOf, spec.chunk)) {
              rows += text.split('\n').length - 1;
              yield text;
            }
          })(),
        );
        const sql = `COPY ${spec.table} (${spec.columns.join(', ')}) FROM STDIN`;
        await pipeline(source, client.query(copyStreams.from(sql)));
        written[spec.table] = rows;
        log(`  ${spec.table}: ${rows.toLocaleString('en-US')} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      } finally {
        await client.end().catch(() => {});
      }
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return written;
}
