import {
  AUTH_ENDPOINTS,
  AUTH_MESSAGES,
  createRegistrationFormSchema,
  fieldErrors,
  REGISTRATION_MESSAGES,
  US_STATES,
} from '@paycadence/contracts';
import { Alert, ApiError, Button, Checkbox, NETWORK_ERROR_MESSAGE, Select, TextField, useApi, useAuth, useFirstErrorFocus } from '@paycadence/web-kit';
import { useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { AuthCard } from './AuthCard';
import { AFTER_SIGN_IN_PATH } from './SignInPage';
import { useReturnPath, useWithReturnPath } from './return-path';

/** The form's fields, named as the server names their errors (`address.street`, …). */
type TextKey =
  | 'firstName' | 'lastName' | 'email' | 'phone' | 'dateOfBirth' | 'password' | 'confirmPassword'
  | 'address.street' | 'address.city' | 'address.state' | 'address.zipCode' | 'ssn';
type CheckKey = 'agreeTerms' | 'agreePrivacy';
type FieldKey = TextKey | CheckKey;

type FormValues = Record<TextKey, string> & Record<CheckKey, boolean>;

const EMPTY: FormValues = {
  firstName: '', lastName: '', email: '', phone: '', dateOfBirth: '', password: '', confirmPassword: '',
  'address.street': '', 'address.city': '', 'address.state': '', 'address.zipCode': '', ssn: '',
  agreeTerms: false, agreePrivacy: false,
};

const STATE_OPTIONS = US_STATES.map((state) => ({ value: state.code, label: state.name }));

/** The request the schema (and the server) expects: nested address, country US (docs/product/accounts.md §2). */
function toRequest(values: FormValues) {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    password: values.password,
    confirmPassword: values.confirmPassword,
    phone: values.phone,
    dateOfBirth: values.dateOfBirth,
    address: {
      street: values['address.street'],
      city: values['address.city'],
      state: values['address.state'],
      zipCode: values['address.zipCode'],
      country: 'US' as const,
    },
    ssn: values.ssn,
    agreeTerms: values.agreeTerms,
    agreePrivacy: values.agreePrivacy,
  };
}

/** The server's answer for a taken e-mail ends 'Please sign in instead.': that part becomes a link. */
const SIGN_IN_INSTEAD = /\s*Please sign in instead\.?$/;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="pc-auth__section">
      <legend className="pc-auth__legend">{title}</legend>
      <div className="pc-auth__fields">{children}</div>
    </fieldset>
  );
}

/** /register, /signup, /dev-register: 'Create Your Account' (docs/product/accounts.md §2, §5, §8). */
export function RegisterPage() {
  const { user, loading, establishSession } = useAuth();
  const afterSignUp = useReturnPath(AFTER_SIGN_IN_PATH);
  const signInPath = useWithReturnPath('/login');
  const api = useApi();
  const navigate = useNavigate();
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorFocus = useFirstErrorFocus<HTMLFormElement>();

  if (!loading && user && !busy) return <Navigate to={afterSignUp} replace />;

  // docs/product/accounts.md §5: a field's error clears when that field is edited.
  const edit = (key: FieldKey, value: string | boolean) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => (current[key] ? { ...current, [key]: undefined } : current));
  };
  const text = (key: TextKey) => ({
    name: key,
    value: values[key],
    error: errors[key],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => edit(key, event.target.value),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const request = toRequest(values);
    // The same schema the server checks with (libs/contracts auth.ts), so messages match verbatim.
    const parsed = createRegistrationFormSchema().safeParse(request);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      errorFocus.reveal();
      return;
    }
    setBusy(true);
    try {
      const answer = await api.call(AUTH_ENDPOINTS.register, { body: request });
      establishSession(answer);
      navigate(afterSignUp, { replace: true });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 0) setMessage(NETWORK_ERROR_MESSAGE);
      else {
        const server = failure instanceof ApiError ? failure : null;
        setErrors(server?.errors ?? {});
        setMessage(server?.message && server.status < 500 ? server.message : AUTH_MESSAGES.registrationFailed);
      }
      setBusy(false);
      errorFocus.reveal();
    }
  };

  return (
    <AuthCard title="Create Your Account" subtitle="It takes about two minutes. Your details stay private and are never sold." wide>
      <form ref={errorFocus.ref} className="pc-auth__form" onSubmit={submit} noValidate>
        {message && (
          <Alert tone="error">
            {SIGN_IN_INSTEAD.test(message) ? (
              <>
                {message.replace(SIGN_IN_INSTEAD, '')} Please{' '}
                <Link to={signInPath} state={{ email: values.email.trim() }}>
                  sign in instead
                </Link>
                .
              </>
            ) : (
              message
            )}
          </Alert>
        )}
        <Section title="Personal Information">
          <TextField label="First name" autoComplete="given-name" {...text('firstName')} />
          <TextField label="Last name" autoComplete="family-name" {...text('lastName')} />
          <TextField label="Email" type="email" autoComplete="email" className="pc-auth__span" {...text('email')} />
          <TextField label="Phone" type="tel" autoComplete="tel" placeholder="(555) 123-4567" {...text('phone')} />
          <TextField label="Date of birth" type="date" autoComplete="bday" {...text('dateOfBirth')} />
        </Section>
        <Section title="Address Information">
          <TextField label="Street address" autoComplete="street-address" className="pc-auth__span" {...text('address.street')} />
          <TextField label="City" autoComplete="address-level2" {...text('address.city')} />
          <Select label="State" placeholder="Choose a state" options={STATE_OPTIONS} {...text('address.state')} />
          <TextField label="ZIP code" inputMode="numeric" autoComplete="postal-code" placeholder="12345" {...text('address.zipCode')} />
          <TextField label="Country" value="United States" readOnly disabled hint="Accounts are available in the US only." />
        </Section>
        <Section title="Security Information">
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            hint={REGISTRATION_MESSAGES.passwordHint}
            {...text('password')}
          />
          <TextField label="Confirm password" type="password" autoComplete="new-password" {...text('confirmPassword')} />
          <TextField
            label="Last 4 digits of SSN"
            inputMode="numeric"
            maxLength={4}
            autoComplete="off"
            hint="Used only to verify your identity. We never ask for the full number."
            {...text('ssn')}
          />
          <div className="pc-auth__span pc-auth__agreements">
            <Checkbox
              name="agreeTerms"
              checked={values.agreeTerms}
              onChange={(event) => edit('agreeTerms', event.target.checked)}
              error={errors.agreeTerms}
              label={
                <>
                  I agree to the <Link to="/terms">Terms of Service</Link>
                </>
              }
            />
            <Checkbox
              name="agreePrivacy"
              checked={values.agreePrivacy}
              onChange={(event) => edit('agreePrivacy', event.target.checked)}
              error={errors.agreePrivacy}
              label={
                <>
                  I agree to the <Link to="/privacy">Privacy Policy</Link>
                </>
              }
            />
          </div>
        </Section>
        <Button type="submit" size="lg" fullWidth busy={busy} busyText="Creating account...">
          Create account
        </Button>
      </form>
      <p className="pc-auth__links">
        Already have an account? <Link to={signInPath}>Sign in</Link>
      </p>
    </AuthCard>
  );
}
