import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { cx } from './classNames.js';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: ReactNode;
  /** Shown under the field in red and announced through aria-describedby. */
  error?: string | null;
  hint?: ReactNode;
  id?: string;
  /** Ids of further text about the field (a counter next to it), added to aria-describedby. */
  describedBy?: string;
  /** Keeps the label for screen readers only. */
  hideLabel?: boolean;
}

/** TextField's multi-line twin: the same label, hint, error and aria-describedby handling. */
export function TextAreaField({ label, error, hint, id, describedBy, hideLabel = false, className, ...rest }: TextAreaFieldProps) {
  const autoId = useId();
  const inputId = id ?? `field-${autoId}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedByIds = [hintId, errorId, describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx('pc-field', error && 'pc-field--invalid', className)}>
      <label htmlFor={inputId} className={cx('pc-field__label', hideLabel && 'pc-visually-hidden')}>
        {label}
      </label>
      <textarea id={inputId} className="pc-input pc-textarea" aria-invalid={error ? true : undefined} aria-describedby={describedByIds} {...rest} />
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
