import { ADMIN_MESSAGES, CreateUserRequestSchema } from '@paycadence/contracts';
import { ApiError, Button, Modal, Select, TextField, useFirstErrorFocus } from '@paycadence/web-kit';
import { useId, useState, type FormEvent } from 'react';
import type { NewUser } from '../api/admin-queries.js';
import { actionMessages } from '../model/messages.js';
import { useInitialFocus } from './useInitialFocus.js';

type Field = 'email' | 'password' | 'role';
const FIELDS: Field[] = ['email', 'password', 'role'];
type FieldErrors = Partial<Record<Field, string>>;

/** docs/product/signed-in.md §6: the two roles as the screens name them. */
export const ROLE_OPTIONS = [
  { value: 'user', label: 'Standard User' },
  { value: 'admin', label: 'Administrator' },
];

export interface CreateUserModalProps {
  open: boolean;
  onClose: () => void;
  /** Sends the payload; resolves with the server's message, throws ApiError when refused. */
  create: (user: NewUser) => Promise<{ message: string }>;
  /** After a created user: the success message for the page (docs/product/signed-in.md §8). */
  onCreated: (serverMessage: string) => void;
}

/** The first message per field of a failed CreateUserRequestSchema parse (docs/product/signed-in.md §5). */
function fieldErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0] as Field;
    if (FIELDS.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** 'Create New User' (docs/product/signed-in.md §2, §5): e-mail, password of at least 6 characters, role. */
export function CreateUserModal({ open, onClose, create, onCreated }: CreateUserModalProps) {
  return (
    <Modal open={open} onClose={onClose} title={ADMIN_MESSAGES.createModalTitle} className="ac-create">
      {open && <CreateUserForm onClose={onClose} create={create} onCreated={onCreated} />}
    </Modal>
  );
}

function CreateUserForm({ onClose, create, onCreated }: Omit<CreateUserModalProps, 'open'>) {
  const baseId = useId();
  const idOf = (field: Field) => `${baseId}-${field}`;
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '', role: 'user' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useInitialFocus(idOf('email'), true);
  const errorFocus = useFirstErrorFocus<HTMLFormElement>();

  const set = (field: Field) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    errorFocus.reveal();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = CreateUserRequestSchema.safeParse(values);
    if (!parsed.success) {
      showErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const answer = await create(parsed.data);
      onCreated(answer.message);
      onClose();
    } catch (error) {
      setBusy(false);
      setFailure(actionMessages.createFailed(error).text);
      errorFocus.reveal();
      if (error instanceof ApiError && Object.keys(error.errors).length > 0) showErrors(fieldErrors(Object.entries(error.errors).map(([field, message]) => ({ path: [field], message }))));
    }
  };

  return (
    <form ref={errorFocus.ref} className="ac-create__form" onSubmit={submit} noValidate aria-describedby={failure ? `${baseId}-failure` : undefined}>
      <div role="alert" id={`${baseId}-failure`}>
        {failure && <p className="pc-alert pc-alert--error ac-message__text">{failure}</p>}
      </div>
      <TextField
        id={idOf('email')}
        label="Email"
        type="email"
        name="email"
        autoComplete="off"
        value={values.email}
        onChange={set('email')}
        error={errors.email}
        required
      />
      <TextField
        id={idOf('password')}
        label="Password"
        type="password"
        name="password"
        autoComplete="new-password"
        hint="At least 6 characters."
        value={values.password}
        onChange={set('password')}
        error={errors.password}
        required
      />
      <Select id={idOf('role')} label="Role" name="role" options={ROLE_OPTIONS} value={values.role} onChange={set('role')} error={errors.role} />
      <div className="ac-dialog-actions">
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" busy={busy} busyText="Creating...">
          Create User
        </Button>
      </div>
    </form>
  );
}
