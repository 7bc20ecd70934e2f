import type { HTMLAttributes, ReactNode, Ref } from 'react';
import { cx } from './classNames.js';

export interface CardProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  title?: ReactNode;
  /** Heading level of the title, to keep the page outline right. */
  titleLevel?: 2 | 3 | 4;
  padded?: boolean;
  /** React 19 passes a ref as a prop (a form's error focus searches the card). */
  ref?: Ref<HTMLDivElement>;
}

export function Card({ title, titleLevel = 3, padded = true, className, children, ...rest }: CardProps) {
  const Heading = `h${titleLevel}` as const;
  return (
    <div className={cx('pc-card', padded && 'pc-card--padded', className)} {...rest}>
      {title && <Heading className="pc-card__title">{title}</Heading>}
      {children}
    </div>
  );
}
