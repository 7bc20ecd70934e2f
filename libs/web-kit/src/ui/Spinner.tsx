import { cx } from './classNames.js';

/** Loading indicator; the guard of docs/product/accounts.md §2 shows 'Loading...'. */
export function Spinner({ label = 'Loading...', className, inline = false }: { label?: string; className?: string; inline?: boolean }) {
  return (
    <div className={cx('pc-spinner', inline && 'pc-spinner--inline', className)} role="status" aria-live="polite">
      <span className="pc-spinner__circle" aria-hidden="true" />
      <span className="pc-spinner__label">{label}</span>
    </div>
  );
}
