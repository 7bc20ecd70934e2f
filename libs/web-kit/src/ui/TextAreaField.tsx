import type { TextareaHTMLAttributes } from 'react';
import { useFieldFrame, type FieldFrameOptions } from './FieldFrame.js';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>, FieldFrameOptions {}

/** TextField's multi-line twin: the same label, hint, error and aria-describedby handling. */
export function TextAreaField({ label, error, hint, id, describedBy, hideLabel, className, ...rest }: TextAreaFieldProps) {
  const { controlProps, frame } = useFieldFrame({ label, error, hint, id, describedBy, hideLabel, className });
  return frame(<textarea className="pc-input pc-textarea" {...controlProps} {...rest} />);
}
