import { CreateHouseholdRequestSchema, HOUSEHOLD_ENDPOINTS, HOUSEHOLD_MESSAGES, HOUSEHOLD_NAME_MAX, type Household } from '@paycadence/contracts';
import { Button, Modal, TextField, useFirstErrorFocus, type ApiClient } from '@paycadence/web-kit';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ErrorBanner } from './ErrorBanner.js';

interface Props {
  api: ApiClient;
  onClose: () => void;
  onCreated: (household: Household) => void;
}

/** 'Create Household' modal (docs/product/signed-in.md §2, §5: the name is required). */
export function CreateHouseholdModal({ api, onClose, onCreated }: Props) {
  const [name, setName] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const errorFocus = useFirstErrorFocus<HTMLFormElement>();
  const create = useMutation({
    mutationFn: (body: { name: string }) => api.call(HOUSEHOLD_ENDPOINTS.create, { body }),
    onSuccess: onCreated,
    onError: errorFocus.reveal,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CreateHouseholdRequestSchema.safeParse({ name });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? HOUSEHOLD_MESSAGES.nameRequired);
      errorFocus.reveal();
      return;
    }
    setFieldError(null);
    create.mutate(parsed.data);
  };

  return (
    <Modal open title={HOUSEHOLD_MESSAGES.createHousehold} onClose={onClose}>
      <form ref={errorFocus.ref} className="hh-form" onSubmit={submit} noValidate>
        {create.isError && <ErrorBanner text={HOUSEHOLD_MESSAGES.createFailed} error={create.error} />}
        <TextField
          label={HOUSEHOLD_MESSAGES.householdName}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={fieldError}
          required
          maxLength={HOUSEHOLD_NAME_MAX}
          autoComplete="off"
        />
        <div className="hh-form__buttons">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating...' : HOUSEHOLD_MESSAGES.createHousehold}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
