import { showToast, showUndoToast } from '@paycadence/web-kit';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { clearPendingDelete, markPendingDelete, usePendingDeletes } from './pending-deletes.js';
import { useRecordMutation } from './useRecordMutation.js';

type FormState<Row> = { mode: 'add' } | { mode: 'edit'; row: Row } | null;

export interface RecordPersistence<Payload> {
  create(body: Payload): Promise<unknown>;
  update(id: string, body: Payload): Promise<unknown>;
  remove(id: string): Promise<unknown>;
}

/** What the toasts call the record: 'Bill', and the failure text of docs/product/signed-in.md §8. */
export interface RecordWording {
  noun: string;
  deleteFailed: string;
}

/**
 * The add / edit / delete state of a records list (bills, income sources): which form is open, saving,
 * deleting. docs/product/signed-in.md §4: after saving, the form closes and resets (a new key remounts it with the
 * defaults) and the data reloads (the mutations invalidate the dashboard query). A save says so in a toast.
 *
 * Delete hides the row at once and offers Undo; the DELETE is only sent when the offer runs out (or the page
 * is left). Deferring beats deleting and re-creating on Undo: a re-created record would get a new id and lose
 * what hangs on the old one (its household share, accepted suggestions), and a failed re-create would lose it.
 */
export function useRecordEditor<Row extends { id: string; name?: string; source?: string }, Payload>(
  persistence: RecordPersistence<Payload>,
  wording: RecordWording,
) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<FormState<Row>>(null);
  const [formKey, setFormKey] = useState(0);
  const pendingDeletes = usePendingDeletes();
  const save = useRecordMutation((vars: { id?: string; body: Payload }) =>
    vars.id ? persistence.update(vars.id, vars.body) : persistence.create(vars.body),
  );

  const open = (next: FormState<Row>) => {
    save.reset();
    setForm(next);
    setFormKey((key) => key + 1);
  };
  const close = () => open(null);

  const submit = (body: Payload) => {
    const editing = form?.mode === 'edit';
    save.mutate(
      { id: editing ? form.row.id : undefined, body },
      {
        onSuccess: () => {
          close();
          showToast({ message: `${wording.noun} ${editing ? 'updated' : 'added'}.` });
        },
      },
    );
  };

  const scheduleDelete = (row: Row, returnFocus: () => HTMLElement | null) => {
    const name = row.name ?? row.source ?? wording.noun;
    markPendingDelete(row.id);
    if (form?.mode === 'edit' && form.row.id === row.id) close();
    showUndoToast({
      message: `${wording.noun} “${name}” deleted.`,
      returnFocus,
      onUndo: () => {
        clearPendingDelete(row.id);
        showToast({ message: `${wording.noun} “${name}” restored.` });
      },
      onCommit: () => {
        persistence.remove(row.id).then(
          () => queryClient.invalidateQueries({ queryKey: ['financial'] }),
          () => showToast({ tone: 'error', message: wording.deleteFailed }),
        ).finally(() => clearPendingDelete(row.id));
      },
    });
  };

  return {
    form,
    formKey,
    save,
    pendingDeletes,
    openAdd: () => open({ mode: 'add' }),
    openEdit: (row: Row) => open({ mode: 'edit', row }),
    close,
    submit,
    scheduleDelete,
  };
}
