import type { ReactNode } from 'react';
import { cx } from './classNames.js';

export type BadgeTone = 'neutral' | 'primary' | 'success' | 'warning' | 'danger' | 'info';

export function Badge({ tone = 'neutral', children, className }: { tone?: BadgeTone; children: ReactNode; className?: string }) {
  return <span className={cx('pc-badge', `pc-badge--${tone}`, className)}>{children}</span>;
}
