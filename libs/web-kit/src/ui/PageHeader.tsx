import type { ReactNode } from 'react';
import { cx } from './classNames.js';

export interface PageHeaderProps {
  title: ReactNode;
  eyebrow?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
}

/** The h1 block at the top of a page. */
export function PageHeader({ title, eyebrow, description, actions, className }: PageHeaderProps) {
  return (
    <header className={cx('pc-page-header', className)}>
      {eyebrow && <p className="pc-eyebrow">{eyebrow}</p>}
      <h1 className="pc-page-header__title">{title}</h1>
      {description && <p className="pc-page-header__description">{description}</p>}
      {actions && <div className="pc-page-header__actions">{actions}</div>}
    </header>
  );
}
