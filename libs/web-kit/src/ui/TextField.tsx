import type { InputHTMLAttributes } from 'react';
import { useFieldFrame, type FieldFrameOptions } from './FieldFrame.js';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>, Omit<FieldFrameOptions, 'describedBy'> {}

export function TextField({ label, error, hint, id, hideLabel, className, ...rest }: TextFieldProps) {
  const { controlProps, frame } = useFieldFrame({ label, error, hint, id, hideLabel, className });
  return frame(<input className="pc-input" {...controlProps} {...rest} />);
}
