import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cx } from './classNames.js';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  label: ReactNode;
  error?: string | null;
  id?: string;
}

export function Checkbox({ label, error, id, className, ...rest }: CheckboxProps) {
  const autoId = useId();
  const inputId = id ?? `check-${autoId}`;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={cx('pc-check', className)}>
      <input
        id={inputId}
        type="checkbox"
        className="pc-check__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        {...rest}
      />
      <label htmlFor={inputId} className="pc-check__label">
        {label}
      </label>
      {error && (
        <p id={errorId} className="pc-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
