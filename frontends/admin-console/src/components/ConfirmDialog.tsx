import { Button, Modal } from '@paycadence/web-kit';
import { useId, type ReactNode } from 'react';
import { useInitialFocus } from './useInitialFocus.js';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question, word for word (docs/product/signed-in.md §5: the waitlist removal confirm). */
  question: string;
  children?: ReactNode;
  confirmLabel: string;
  /** The button that backs out (default 'Cancel'); name what staying means when 'Cancel' would be ambiguous. */
  cancelLabel?: string;
  /** What the confirm button says while the action runs ('Removing...'): each use names its own action. */
  busyText: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A designed, keyboard-friendly confirm in place of window.confirm: focus starts on Cancel, Escape cancels. */
export function ConfirmDialog({
  open,
  title,
  question,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  busyText,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const cancelId = useId();
  useInitialFocus(cancelId, open);
  return (
    <Modal open={open} onClose={onCancel} title={title} className="ac-confirm">
      <p className="ac-confirm__question">{question}</p>
      {children}
      <div className="ac-dialog-actions">
        <Button id={cancelId} variant="secondary" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button variant="danger" onClick={onConfirm} busy={busy} busyText={busyText}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
