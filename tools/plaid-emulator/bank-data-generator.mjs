import {
  addDays,
  dateInMonth,
  dayOfWeek,
  monthsCovering,
  shiftToNextBusinessDay,
  shiftToPreviousBusinessDay,
} from './calendar.mjs';
import { createRandom } from './seeded-random.mjs';

/**
 * Deterministic, realistic bank data for one Plaid item: three accounts, `months` of history ending on
 * `endDate`, and the true recurring streams behind it (so recurring detection can be scored against them).
 * `maxPurchasesPerDay` scales card spending (27 gives about 10,000 transactions, the benchmark size).
 * Plaid's sign convention: a positive amount is money leaving the account, a negative one money arriving.
 */
export function generateBankData({ seed, endDate, months = 24, maxPurchasesPerDay = 2 }) {
  const random = createRandom(`bank-data:${seed}`);
  const startDate = addDays(endDate, -Math.round(months * 30.44));
  const inWindow = (iso) => iso >= startDate && iso <= endDate;
  const accounts = createAccounts(random);
  const [checking, , card] = accounts;
  const transactions = [];
  const streams = [];

  const makeTransaction = (fields) => {
    const transaction = buildTransaction({ transaction_id: random.id(), ...fields });
    transactions.push(transaction);
    return transaction;
  };

  /** Records a recurring stream from its scheduled dates (some beyond `endDate`) and amount rule. */
  const addStream = ({
    account,
    direction,
    kind,
    name,
    merchant,
    frequency,
    category,
    schedule,
    amountOn,
  }) => {
    const scheduled = [...new Set(schedule)].sort();
    const occurred = scheduled.filter(inWindow);
    const streamTransactions = occurred.map((date, index) => {
      const amount = amountOn(date, index);
      return makeTransaction({
        account_id: account.account_id,
        amount: direction === 'inflow' ? -amount : amount,
        date,
        name: typeof name === 'function' ? name(index) : name,
        merchant_name: merchant,
        category,
      });
    });
    if (streamTransactions.length === 0) return;
    const amounts = streamTransactions.map((transaction) => Math.abs(transaction.amount));
    const lastDate = occurred.at(-1);
    streams.push({
      stream_id: random.id(),
      account_id: account.account_id,
      direction,
      kind,
      description: streamTransactions.at(-1).name,
      merchant_name: merchant,
      frequency,
      category,
      transaction_ids: streamTransactions.map((transaction) => transaction.transaction_id),
      dates: occurred,
      amounts,
      first_date: occurred[0],
      last_date: lastDate,
      average_amount: round2(amounts.reduce((sum, value) => sum + value, 0) / amounts.length),
      last_amount: amounts.at(-1),
      predicted_next_date: scheduled.find((date) => date > lastDate) ?? null,
      price_changed: new Set(amounts).size > 1 && kind === 'subscription',
    });
  };

  // A year past `endDate` too, so every stream has its next scheduled date.
  const monthsInRange = monthsCovering(startDate, addDays(endDate, 366));
  const monthly = (day, shift) =>
    monthsInRange.map(({ year, monthIndex }) => shift(dateInMonth(year, monthIndex, day)));

  addIncome({ random, checking, monthsInRange, startDate, endDate, addStream, makeTransaction, inWindow });

  const rent = random.int(12, 26) * 100;
  addStream({
    account: checking,
    direction: 'outflow',
    kind: 'bill',
    frequency: 'MONTHLY',
    category: RENT,
    name: random.pick([
      'ZELLE PAYMENT TO OAKWOOD PROPERTY MGMT',
      'OAKWOOD PROPERTY RENT ACH',
      'WEB PMT OAKWOOD PROPERTIES',
    ]),
    merchant: 'Oakwood Properties',
    schedule: monthly(1, shiftToNextBusinessDay),
    amountOn: () => rent,
  });

  const electricBase = random.amount(60, 140);
  addStream({
    account: checking,
    direction: 'outflow',
    kind: 'bill',
    frequency: 'MONTHLY',
    category: UTILITIES,
    name: (index) => `CITY POWER & LIGHT BILL PMT ${String(100_000 + index * 7).slice(-5)}`,
    merchant: 'City Power & Light',
    schedule: monthly(random.int(12, 22), shiftToNextBusinessDay),
    // Seasonal but within a few percent of the average, as a metered bill is.
    amountOn: (date) => round2(electricBase * (1 + 0.05 * Math.sin(Number(date.slice(5, 7)) / 2))),
  });

  const internet = random.pick([55, 65, 79.99]);
  addStream({
    account: checking,
    direction: 'outflow',
    kind: 'bill',
    frequency: 'MONTHLY',
    category: UTILITIES,
    name: 'COMCAST XFINITY AUTOPAY',
    merchant: 'Xfinity',
    schedule: monthly(random.int(3, 9), shiftToNextBusinessDay),
    amountOn: () => internet,
  });

  addStream({
    account: card,
    direction: 'outflow',
    kind: 'subscription',
    frequency: 'MONTHLY',
    category: SUBSCRIPTION,
    name: 'NETFLIX.COM 866-579-7172 CA',
    merchant: 'Netflix',
    schedule: monthly(random.int(1, 28), (iso) => iso),
    amountOn: () => 15.49,
  });

  const priceRiseMonth = random.int(8, 18);
  addStream({
    account: card,
    direction: 'outflow',
    kind: 'subscription',
    frequency: 'MONTHLY',
    category: SUBSCRIPTION,
    name: 'Spotify USA',
    merchant: 'Spotify',
    schedule: monthly(random.int(1, 28), (iso) => iso),
    amountOn: (date, index) => (index >= priceRiseMonth ? 11.99 : 10.99),
  });

  if (random.chance(0.6)) {
    addStream({
      account: card,
      direction: 'outflow',
      kind: 'subscription',
      frequency: 'MONTHLY',
      category: SUBSCRIPTION,
      name: 'PLANET FITNESS CLUB FEES',
      merchant: 'Planet Fitness',
      schedule: monthly(random.int(1, 28), (iso) => iso),
      amountOn: () => 24.99,
    });
  }

  const insuranceMonth = random.int(0, 2);
  const insurance = random.amount(280, 640);
  addStream({
    account: checking,
    direction: 'outflow',
    kind: 'bill',
    frequency: 'QUARTERLY',
    category: INSURANCE,
    name: 'STATE FARM INSURANCE PREM',
    merchant: 'State Farm',
    schedule: monthsInRange
      .filter(({ monthIndex }) => monthIndex % 3 === insuranceMonth)
      .map(({ year, monthIndex }) => shiftToNextBusinessDay(dateInMonth(year, monthIndex, 10))),
    amountOn: () => insurance,
  });

  const annualMonth = random.int(0, 11);
  addStream({
    account: card,
    direction: 'outflow',
    kind: 'bill',
    frequency: 'ANNUALLY',
    category: BANK_FEES,
    name: 'ANNUAL MEMBERSHIP FEE',
    merchant: null,
    schedule: [...monthsInRange, { year: Number(endDate.slice(0, 4)) + 1, monthIndex: annualMonth }]
      .filter(({ monthIndex }) => monthIndex === annualMonth)
      .map(({ year }) => dateInMonth(year, annualMonth, 15)),
    amountOn: () => 95,
  });

  addCardSpendingAndPayments({
    maxPurchasesPerDay,
    random,
    card,
    checking,
    startDate,
    endDate,
    makeTransaction,
    monthsInRange,
    inWindow,
  });

  transactions.sort((left, right) =>
    left.date === right.date
      ? compare(left.transaction_id, right.transaction_id)
      : compare(left.date, right.date),
  );
  setBalances(random, accounts);
  return { accounts, transactions, streams, startDate, endDate };
}

function addIncome({
  random,
  checking,
  monthsInRange,
  startDate,
  endDate,
  addStream,
  makeTransaction,
  inWindow,
}) {
  const employer = random.pick(['ACME CORP', 'GLOBEX INC', 'INITECH LLC', 'UMBRELLA HEALTH']);
  const profile = random.pick(['biweekly', 'semi-monthly', 'teacher']);
  const payroll = {
    account: checking,
    direction: 'inflow',
    kind: 'income',
    category: INCOME,
    merchant: employer,
  };
  const depositName = (index) =>
    `${employer} ${index % 5 === 4 ? 'DIR DEP' : 'PAYROLL'} PPD ID: ${9_100_000 + (index % 3)}`;
  if (profile === 'biweekly') {
    // Fridays every 14 days, anchored on a Friday before the window opens.
    let anchor = addDays(startDate, -random.int(0, 13));
    while (dayOfWeek(anchor) !== 5) anchor = addDays(anchor, 1);
    const schedule = [];
    for (let date = anchor; date <= addDays(endDate, 14); date = addDays(date, 14)) schedule.push(date);
    const pay = random.amount(1400, 3200);
    addStream({ ...payroll, frequency: 'BIWEEKLY', name: depositName, schedule, amountOn: () => pay });
  } else if (profile === 'semi-monthly') {
    const schedule = monthsInRange.flatMap(({ year, monthIndex }) => [
      shiftToPreviousBusinessDay(dateInMonth(year, monthIndex, 15)),
      shiftToPreviousBusinessDay(dateInMonth(year, monthIndex, 31)),
    ]);
    const pay = random.amount(1800, 3600);
    addStream({ ...payroll, frequency: 'SEMI_MONTHLY', name: depositName, schedule, amountOn: () => pay });
  } else {
    // A teacher paid monthly on the 25th, nothing in July and August.
    const schedule = monthsInRange
      .filter(({ monthIndex }) => monthIndex !== 6 && monthIndex !== 7)
      .map(({ year, monthIndex }) => shiftToPreviousBusinessDay(dateInMonth(year, monthIndex, 25)));
    const pay = random.amount(3600, 5200);
    addStream({
      ...payroll,
      merchant: 'Riverside School District',
      frequency: 'MONTHLY',
      name: 'RIVERSIDE SCHOOL DIST PAYROLL',
      schedule,
      amountOn: () => pay,
    });
  }

  // Freelance income: irregular dates and sizes, so it is income but not a recurring stream.
  if (random.chance(0.5)) {
    for (const { year, monthIndex } of monthsInRange) {
      if (!random.chance(0.6)) continue;
      const date = shiftToPreviousBusinessDay(dateInMonth(year, monthIndex, random.int(1, 28)));
      if (!inWindow(date)) continue;
      makeTransaction({
        account_id: checking.account_id,
        amount: -random.amount(250, 2400),
        date,
        name:
          random.pick(['STRIPE TRANSFER ST-', 'UPWORK ESCROW INC', 'PAYPAL TRANSFER']) +
          random.int(1000, 9999),
        merchant_name: null,
        category: INCOME_OTHER,
      });
    }
  }
}

function addCardSpendingAndPayments({
  maxPurchasesPerDay,
  random,
  card,
  checking,
  startDate,
  endDate,
  makeTransaction,
  monthsInRange,
  inWindow,
}) {
  for (let date = startDate; date <= endDate; date = addDays(date, 1)) {
    const purchases = random.int(0, dayOfWeek(date) === 6 ? maxPurchasesPerDay + 1 : maxPurchasesPerDay);
    for (let count = 0; count < purchases; count += 1) {
      const merchant = random.pick(CARD_MERCHANTS);
      makeTransaction({
        account_id: card.account_id,
        amount: random.amount(merchant.min, merchant.max),
        date,
        name: merchant.names[random.int(0, merchant.names.length - 1)].replace(
          '#',
          String(random.int(100, 9999)),
        ),
        merchant_name: merchant.merchant,
        category: merchant.category,
        payment_channel: merchant.channel ?? 'in store',
      });
    }
  }
  // The card is paid from checking once a month: a transfer out of checking, a payment into the card.
  for (const { year, monthIndex } of monthsInRange) {
    const date = shiftToNextBusinessDay(dateInMonth(year, monthIndex, 21));
    if (!inWindow(date)) continue;
    const amount = random.amount(300, 1500);
    makeTransaction({
      account_id: checking.account_id,
      amount,
      date,
      name: 'CHASE CREDIT CRD AUTOPAY PPD ID: 4760039224',
      merchant_name: null,
      category: TRANSFER_OUT,
      payment_channel: 'other',
    });
    makeTransaction({
      account_id: card.account_id,
      amount: -amount,
      date,
      name: 'AUTOMATIC PAYMENT - THANK YOU',
      merchant_name: null,
      category: LOAN_PAYMENT,
      payment_channel: 'other',
    });
  }
}

function createAccounts(random) {
  const account = (name, officialName, type, subtype) => ({
    account_id: random.id(),
    balances: {
      available: null,
      current: null,
      limit: null,
      iso_currency_code: 'USD',
      unofficial_currency_code: null,
    },
    mask: String(random.int(0, 9999)).padStart(4, '0'),
    name,
    official_name: officialName,
    type,
    subtype,
    persistent_account_id: random.id(64),
  });
  return [
    account('Plaid Checking', 'Plaid Gold Standard 0% Interest Checking', 'depository', 'checking'),
    account('Plaid Saving', 'Plaid Silver Standard 0.1% Interest Saving', 'depository', 'savings'),
    account('Plaid Credit Card', 'Plaid Diamond 12.5% APR Interest Credit Card', 'credit', 'credit card'),
  ];
}

function setBalances(random, [checking, savings, card]) {
  const checkingCurrent = random.amount(800, 6500);
  checking.balances = { ...checking.balances, current: checkingCurrent, available: checkingCurrent };
  const savingsCurrent = random.amount(1000, 25_000);
  savings.balances = { ...savings.balances, current: savingsCurrent, available: savingsCurrent };
  const cardCurrent = random.amount(150, 2400);
  card.balances = {
    ...card.balances,
    current: cardCurrent,
    available: round2(5000 - cardCurrent),
    limit: 5000,
  };
}

/** A transaction in Plaid's `/transactions/sync` shape. */
export function buildTransaction({
  transaction_id,
  account_id,
  amount,
  date,
  name,
  merchant_name,
  category,
  payment_channel = 'online',
  pending = false,
  pending_transaction_id = null,
}) {
  return {
    transaction_id,
    account_id,
    amount: round2(amount),
    iso_currency_code: 'USD',
    unofficial_currency_code: null,
    date,
    authorized_date: date,
    datetime: null,
    authorized_datetime: null,
    name,
    merchant_name: merchant_name ?? null,
    merchant_entity_id: null,
    original_description: null,
    payment_channel,
    pending,
    pending_transaction_id,
    category: [category.legacy],
    category_id: null,
    personal_finance_category: {
      primary: category.primary,
      detailed: category.detailed,
      confidence_level: 'VERY_HIGH',
    },
    personal_finance_category_icon_url: null,
    transaction_type: payment_channel === 'in store' ? 'place' : 'special',
    transaction_code: null,
    location: {
      address: null,
      city: null,
      region: null,
      postal_code: null,
      country: null,
      lat: null,
      lon: null,
      store_number: null,
    },
    payment_meta: {
      by_order_of: null,
      payee: null,
      payer: null,
      payment_method: null,
      payment_processor: null,
      ppd_id: null,
      reason: null,
      reference_number: null,
    },
    counterparties: [],
    logo_url: null,
    website: null,
    check_number: null,
    account_owner: null,
  };
}

const category = (legacy, primary, detailed) => ({ legacy, primary, detailed });
const INCOME = category('Payroll', 'INCOME', 'INCOME_WAGES');
const INCOME_OTHER = category('Deposit', 'INCOME', 'INCOME_OTHER_INCOME');
const RENT = category('Rent', 'RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_RENT');
const UTILITIES = category('Utilities', 'RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY');
const SUBSCRIPTION = category('Subscription', 'ENTERTAINMENT', 'ENTERTAINMENT_TV_AND_MOVIES');
const INSURANCE = category('Insurance', 'GENERAL_SERVICES', 'GENERAL_SERVICES_INSURANCE');
const BANK_FEES = category('Bank Fees', 'BANK_FEES', 'BANK_FEES_OTHER_BANK_FEES');
const TRANSFER_OUT = category('Transfer', 'TRANSFER_OUT', 'TRANSFER_OUT_ACCOUNT_TRANSFER');
const LOAN_PAYMENT = category('Payment', 'LOAN_PAYMENTS', 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT');
export const CATEGORIES = {
  INCOME,
  INCOME_OTHER,
  RENT,
  UTILITIES,
  SUBSCRIPTION,
  INSURANCE,
  BANK_FEES,
  TRANSFER_OUT,
  LOAN_PAYMENT,
};

const CARD_MERCHANTS = [
  {
    merchant: 'Whole Foods',
    names: ['WHOLEFDS MKT #', 'WHOLE FOODS MARKET #'],
    min: 18,
    max: 160,
    category: category('Groceries', 'FOOD_AND_DRINK', 'FOOD_AND_DRINK_GROCERIES'),
  },
  {
    merchant: "Trader Joe's",
    names: ['TRADER JOE S #', 'TRADER JOES # QPS'],
    min: 12,
    max: 95,
    category: category('Groceries', 'FOOD_AND_DRINK', 'FOOD_AND_DRINK_GROCERIES'),
  },
  {
    merchant: 'Starbucks',
    names: ['STARBUCKS STORE #', 'SQ *STARBUCKS #'],
    min: 3.5,
    max: 14,
    category: category('Coffee Shop', 'FOOD_AND_DRINK', 'FOOD_AND_DRINK_COFFEE'),
  },
  {
    merchant: 'Chipotle',
    names: ['CHIPOTLE #', 'CHIPOTLE ONLINE'],
    min: 9,
    max: 32,
    category: category('Restaurants', 'FOOD_AND_DRINK', 'FOOD_AND_DRINK_RESTAURANT'),
  },
  {
    merchant: 'Shell',
    names: ['SHELL OIL #', 'SHELL SERVICE STATION #'],
    min: 25,
    max: 75,
    category: category('Gas Stations', 'TRANSPORTATION', 'TRANSPORTATION_GAS'),
  },
  {
    merchant: 'Uber',
    names: ['UBER *TRIP HELP.UBER.COM', 'UBER   *TRIP #'],
    min: 8,
    max: 48,
    category: category('Ride Share', 'TRANSPORTATION', 'TRANSPORTATION_TAXIS_AND_RIDE_SHARES'),
    channel: 'online',
  },
  {
    merchant: 'Amazon',
    names: ['AMAZON MKTPL*#', 'AMZN Mktp US*#', 'Amazon.com*#'],
    min: 6,
    max: 220,
    category: category('Shops', 'GENERAL_MERCHANDISE', 'GENERAL_MERCHANDISE_ONLINE_MARKETPLACES'),
    channel: 'online',
  },
  {
    merchant: 'Target',
    names: ['TARGET        #', 'TARGET.COM  *'],
    min: 10,
    max: 180,
    category: category('Shops', 'GENERAL_MERCHANDISE', 'GENERAL_MERCHANDISE_SUPERSTORES'),
  },
  {
    merchant: 'CVS',
    names: ['CVS/PHARMACY #', 'CVS PHARMACY #'],
    min: 5,
    max: 60,
    category: category('Pharmacies', 'MEDICAL', 'MEDICAL_PHARMACIES_AND_SUPPLEMENTS'),
  },
];

const round2 = (value) => Math.round(value * 100) / 100;
const compare = (left, right) => (left < right ? -1 : left > right ? 1 : 0);
