import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cx } from './classNames.js';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  /** Shown under the field in red and announced through aria-describedby. */
  error?: string | null;
  hint?: ReactNode;
  id?: string;
  /** Keeps the label for screen readers only (e.g. a one-field inline form). */
  hideLabel?: boolean;
}

export function TextField({ label, error, hint, id, hideLabel = false, className, ...rest }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? `field-${autoId}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('pc-field', error && 'pc-field--invalid', className)}>
      <label htmlFor={inputId} className={cx('pc-field__label', hideLabel && 'pc-visually-hidden')}>
        {label}
      </label>
      <input
        id={inputId}
        className="pc-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...rest}
      />
      {hint && (
        <p id={hintId} className="pc-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="pc-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
