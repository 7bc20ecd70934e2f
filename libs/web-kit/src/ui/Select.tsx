import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { cx } from './classNames.js';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  options: SelectOption[];
  error?: string | null;
  placeholder?: string;
  /** Help under the field, read with it (aria-describedby). */
  hint?: ReactNode;
  id?: string;
}

export function Select({ label, options, error, placeholder, hint, id, className, ...rest }: SelectProps) {
  const autoId = useId();
  const selectId = id ?? `select-${autoId}`;
  const errorId = error ? `${selectId}-error` : undefined;
  const hintId = hint ? `${selectId}-hint` : undefined;
  return (
    <div className={cx('pc-field', error && 'pc-field--invalid', className)}>
      <label htmlFor={selectId} className="pc-field__label">
        {label}
      </label>
      <select
        id={selectId}
        className="pc-input pc-select"
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        {...rest}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
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
