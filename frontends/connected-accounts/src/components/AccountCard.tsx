import { accountTypeDisplayName, type BankAccountDto } from '@paycadence/contracts';
import { formatMoney } from '../model/format.js';

/** docs/product/signed-in.md §3 bank account: display name of its type, balances in USD, institution and mask. */
export function AccountCard({ account }: { account: BankAccountDto }) {
  const typeName = accountTypeDisplayName(account.account_type, account.account_subtype);
  return (
    <li className="ca-account">
      <div className="ca-account__head">
        <h4 className="ca-account__name">{account.account_name}</h4>
        <span className="ca-account__type">{typeName}</span>
      </div>
      <p className="ca-account__meta ca-muted ca-small">
        {account.institution_name}
        {account.mask && <> · ending in {account.mask}</>}
      </p>
      <dl className="ca-account__balances">
        <div>
          <dt>Current balance</dt>
          <dd className="ca-money ca-account__balance">{account.current_balance === null ? '—' : formatMoney(account.current_balance)}</dd>
        </div>
        {account.available_balance !== null && (
          <div>
            <dt>Available</dt>
            <dd className="ca-money">{formatMoney(account.available_balance)}</dd>
          </div>
        )}
      </dl>
    </li>
  );
}
