import { useState } from 'react';
import { useRecordMutation } from './useRecordMutation.js';

type FormState<Row> = { mode: 'add' } | { mode: 'edit'; row: Row } | null;

export interface RecordPersistence<Payload> {
  create(body: Payload): Promise<unknown>;
  update(id: string, body: Payload): Promise<unknown>;
  remove(id: string): Promise<unknown>;
}

/**
 * The add / edit / delete state of a records list (bills, income sources): which form is open, saving,
 * deleting. spec part 2 §4: after saving, the form closes and resets (a new key remounts it with the
 * defaults) and the data reloads (the mutations invalidate the dashboard query).
 */
export function useRecordEditor<Row extends { id: string }, Payload>(persistence: RecordPersistence<Payload>) {
  const [form, setForm] = useState<FormState<Row>>(null);
  const [formKey, setFormKey] = useState(0);
  const save = useRecordMutation((vars: { id?: string; body: Payload }) =>
    vars.id ? persistence.update(vars.id, vars.body) : persistence.create(vars.body),
  );
  const remove = useRecordMutation((id: string) => persistence.remove(id));

  const open = (next: FormState<Row>) => {
    save.reset();
    setForm(next);
    setFormKey((key) => key + 1);
  };
  const close = () => open(null);

  return {
    form,
    formKey,
    save,
    remove,
    openAdd: () => open({ mode: 'add' }),
    openEdit: (row: Row) => open({ mode: 'edit', row }),
    close,
    submit: (body: Payload) => save.mutate({ id: form?.mode === 'edit' ? form.row.id : undefined, body }, { onSuccess: close }),
  };
}
