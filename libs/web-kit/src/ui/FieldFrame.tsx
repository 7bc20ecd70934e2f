import { useId, type ReactNode } from 'react';
import { cx } from './classNames.js';

export interface FieldFrameOptions {
  label: ReactNode;
  /** Shown under the field in red and announced through aria-describedby. */
  error?: string | null;
  hint?: ReactNode;
  id?: string;
  /** Ids of further text about the field (a counter next to it), added to aria-describedby. */
  describedBy?: string;
  /** Keeps the label for screen readers only (e.g. a one-field inline form). */
  hideLabel?: boolean;
  className?: string;
}

/**
 * What TextField and TextAreaField share: the control's id, its aria attributes, and a frame drawing the label
 * above it and the hint and error under it. `frame(control)` wraps the control built with `controlProps`.
 */
export function useFieldFrame({ label, error, hint, id, describedBy, hideLabel = false, className }: FieldFrameOptions) {
  const autoId = useId();
  const controlId = id ?? `field-${autoId}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const controlProps = {
    id: controlId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hintId, errorId, describedBy].filter(Boolean).join(' ') || undefined,
  };
  const frame = (control: ReactNode) => (
    <div className={cx('pc-field', error && 'pc-field--invalid', className)}>
      <label htmlFor={controlId} className={cx('pc-field__label', hideLabel && 'pc-visually-hidden')}>
        {label}
      </label>
      {control}
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
  return { controlProps, frame };
}
