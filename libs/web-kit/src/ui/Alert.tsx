import type { ReactNode } from 'react';
import { cx } from './classNames.js';

export type AlertTone = 'success' | 'error' | 'info';

export interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** Result messages: success in green, errors in red (docs/product/accounts.md §2 forgot password). */
export function Alert({ tone = 'info', title, children, className }: AlertProps) {
  return (
    <div
      className={cx('pc-alert', `pc-alert--${tone}`, className)}
      role={tone === 'error' ? 'alert' : 'status'}
      aria-live={tone === 'error' ? 'assertive' : 'polite'}
    >
      {title && <p className="pc-alert__title">{title}</p>}
      <div>{children}</div>
    </div>
  );
}
