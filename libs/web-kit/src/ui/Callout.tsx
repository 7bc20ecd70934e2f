import type { ReactNode } from 'react';
import { cx } from './classNames.js';

/** The blog's callout styles (docs/product/accounts.md §3); teal is the default. */
export type CalloutStyle = 'blue' | 'red' | 'teal' | 'yellow';

export interface CalloutProps {
  variant?: CalloutStyle;
  title?: ReactNode;
  children: ReactNode;
  className?: string;
}

export function Callout({ variant = 'teal', title, children, className }: CalloutProps) {
  return (
    <aside className={cx('pc-callout', `pc-callout--${variant}`, className)}>
      {title && <p className="pc-callout__title">{title}</p>}
      <div>{children}</div>
    </aside>
  );
}
