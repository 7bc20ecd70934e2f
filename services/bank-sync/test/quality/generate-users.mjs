// Prints the emulator's bank data for N users as compact JSON (the fields detection reads, plus the true
// recurring streams), for the detection quality scorer. Jest runs TypeScript as CommonJS and cannot import
// the emulator's ES modules, so the scorer runs this in a child process.
// Usage: node generate-users.mjs <users> <firstEndDate> <daysBetweenEndDates>
import { generateBankData } from '../../../../tools/plaid-emulator/bank-data-generator.mjs';

const [users = '50', firstEnd = '2026-01-05', stepDays = '7'] = process.argv.slice(2);
const addDays = (iso, days) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const out = [];
for (let index = 0; index < Number(users); index += 1) {
  const endDate = addDays(firstEnd, index * Number(stepDays));
  const data = generateBankData({ seed: `quality-${index}`, endDate });
  out.push({
    seed: `quality-${index}`,
    endDate,
    transactions: data.transactions.map((t) => [
      t.transaction_id,
      t.account_id,
      t.date,
      t.amount,
      t.name,
      t.merchant_name,
      [t.personal_finance_category.primary, t.personal_finance_category.detailed],
      t.category,
    ]),
    streams: data.streams.map((s) => ({
      accountId: s.account_id,
      direction: s.direction,
      kind: s.kind,
      frequency: s.frequency,
      category: s.category.detailed,
      description: s.description,
      transactionIds: s.transaction_ids,
      predictedNextDate: s.predicted_next_date,
      averageAmount: s.average_amount,
      lastAmount: s.last_amount,
      priceChanged: s.price_changed,
    })),
  });
}
process.stdout.write(JSON.stringify(out));
