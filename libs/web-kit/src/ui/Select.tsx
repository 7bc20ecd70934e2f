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
  id?: string;
}

export function Select({ label, options, error, placeholder, id, className, ...rest }: SelectProps) {
  const autoId = useId();
  const selectId = id ?? `select-${autoId}`;
  const errorId = error ? `${selectId}-error` : undefined;
  return (
    <div className={cx('pc-field', error && 'pc-field--invalid', className)}>
      <label htmlFor={selectId} className="pc-field__label">
        {label}
      </label>
      <select
        id={selectId}
        className="pc-input pc-select"
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        {...rest}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className="pc-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
