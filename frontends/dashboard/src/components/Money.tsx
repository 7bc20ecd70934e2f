import { formatMoney } from '@paycadence/web-kit';

/** Money in tabular figures, en-US (docs/product/signed-in.md); amounts inside the app are integer cents. */
export function Money({ cents, className, signed = false }: { cents: number; className?: string; signed?: boolean }) {
  const text = formatMoney(cents / 100);
  return <span className={['db-money', className].filter(Boolean).join(' ')}>{signed && cents > 0 ? `+${text}` : text}</span>;
}
