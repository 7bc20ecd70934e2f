import { AUTH_ENDPOINTS, AUTH_MESSAGES, createUpdateProfileRequestSchema, fieldErrors, PROFILE_STATE_CODES, US_STATES, type AuthUser } from '@paycadence/contracts';
import { Alert, ApiError, Badge, Button, Card, formatDate, Select, Spinner, TextField, useAuth, useFirstErrorFocus } from '@paycadence/web-kit';
import { useEffect, useState, type FormEvent } from 'react';

interface ProfileForm {
  firstName: string;
  lastName: string;
  phone: string;
  dateOfBirth: string;
  street: string;
  city: string;
  state: string;
  zipCode: string;
  ssn: string;
}

const fromUser = (user: AuthUser): ProfileForm => ({
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  phone: user.phone ?? '',
  dateOfBirth: user.dateOfBirth ?? '',
  street: user.address?.street ?? '',
  city: user.address?.city ?? '',
  state: user.address?.state ?? '',
  zipCode: user.address?.zipCode ?? '',
  ssn: user.ssn ?? '',
});

const ADDRESS_KEYS = ['street', 'city', 'state', 'zipCode'] as const;

/** Only what changed is sent (docs/product/accounts.md §7: every field optional; e-mail never changes). */
function changes(saved: ProfileForm, edited: ProfileForm) {
  const body: Record<string, unknown> = {};
  for (const key of ['firstName', 'lastName', 'phone', 'dateOfBirth', 'ssn'] as const) {
    if (edited[key] !== saved[key]) body[key] = edited[key];
  }
  const address: Record<string, string> = {};
  for (const key of ADDRESS_KEYS) if (edited[key] !== saved[key]) address[key] = edited[key];
  if (Object.keys(address).length > 0) body.address = address;
  return body;
}

/** Server and schema name address errors `address.street`; the form's fields are flat. */
const flatErrors = (errors: Record<string, string>) =>
  Object.fromEntries(Object.entries(errors).map(([key, message]) => [key.replace(/^address\./, ''), message]));

const stateName = (code: string) => US_STATES.find((state) => state.code === code)?.name ?? code;

const NOT_SET = 'Not set';

/** Read-only mode: the saved values as text, so it cannot be mistaken for a form. */
function ProfileDetails({ profile, saved }: { profile: AuthUser; saved: ProfileForm }) {
  const rows: Array<[string, string]> = [
    ['First name', saved.firstName],
    ['Last name', saved.lastName],
    ['Email', profile.email],
    ['Phone', saved.phone],
    ['Date of birth', saved.dateOfBirth ? formatDate(saved.dateOfBirth) : ''],
    ['Last 4 digits of SSN', saved.ssn ? `•••• ${saved.ssn}` : ''],
    ['Street address', saved.street],
    ['City', saved.city],
    ['State', saved.state ? stateName(saved.state) : ''],
    ['ZIP code', saved.zipCode],
  ];
  return (
    <dl className="pc-grid pc-grid--2 pc-profile__details">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="pc-meta">{label}</dt>
          <dd className={value ? undefined : 'pc-meta'}>{value || NOT_SET}</dd>
        </div>
      ))}
    </dl>
  );
}

/** /profile (docs/product/accounts.md §2, §4, §5, §8): read-only -> editing -> saved, or cancelled. */
export function ProfilePage() {
  const { user, api, updateUser } = useAuth();
  const [profile, setProfile] = useState<AuthUser | null>(null);
  const [form, setForm] = useState<ProfileForm | null>(null);
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const errorFocus = useFirstErrorFocus<HTMLFormElement>();

  // `me` carries the profile fields (and the SSN's last 4) that the stored session leaves out.
  useEffect(() => {
    let current = true;
    api.call(AUTH_ENDPOINTS.me).then(
      ({ user: fresh }) => current && setProfile(fresh),
      () => current && user && setProfile(user),
    );
    return () => {
      current = false;
    };
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once per visit

  useEffect(() => {
    if (profile) setForm(fromUser(profile));
  }, [profile]);

  if (!user) return null;
  if (!profile || !form) return <Spinner />;

  const saved = fromUser(profile);
  const fullName = [profile.firstName, profile.lastName].filter(Boolean).join(' ') || profile.email.split('@')[0];
  const set = (key: keyof ProfileForm, value: string) => {
    setForm((current) => (current ? { ...current, [key]: value } : current));
    setErrors((current) => (current[key] ? { ...current, [key]: '' } : current));
  };
  const field = (key: keyof ProfileForm) => ({
    name: key,
    value: form[key],
    error: errors[key] || undefined,
    onChange: (event: { target: { value: string } }) => set(key, event.target.value),
  });

  // docs/product/accounts.md §4: cancel restores the stored values and clears the message.
  const cancel = () => {
    setForm(saved);
    setErrors({});
    setMessage(null);
    setEditing(false);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    if (!user) {
      setMessage({ tone: 'error', text: AUTH_MESSAGES.profileLoginAgain });
      errorFocus.reveal();
      return;
    }
    const body = changes(saved, form);
    const parsed = createUpdateProfileRequestSchema().safeParse(body);
    if (!parsed.success) {
      setErrors(flatErrors(fieldErrors(parsed.error)));
      errorFocus.reveal();
      return;
    }
    setSaving(true);
    try {
      const answer = await api.call(AUTH_ENDPOINTS.updateProfile, { body: parsed.data });
      if (!answer.success || !answer.user) throw new ApiError(400, answer.error ?? AUTH_MESSAGES.profileUpdateFailed);
      setProfile(answer.user);
      updateUser(answer.user);
      setEditing(false);
      setMessage({ tone: 'success', text: AUTH_MESSAGES.profileUpdated });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 401) {
        setMessage({ tone: 'error', text: AUTH_MESSAGES.profileLoginAgain });
      } else {
        if (failure instanceof ApiError) setErrors(flatErrors(failure.errors));
        const text = failure instanceof ApiError && failure.status >= 400 && failure.status < 500 ? failure.message : AUTH_MESSAGES.profileUpdateFailed;
        setMessage({ tone: 'error', text });
      }
      errorFocus.reveal();
    }
    setSaving(false);
  };

  // docs/product/accounts.md §2: the profile page offers only these states (plus the one already saved, so it is not lost).
  const stateCodes: string[] = [...PROFILE_STATE_CODES];
  if (saved.state && !stateCodes.includes(saved.state)) stateCodes.push(saved.state);

  return (
    <div className="pc-container pc-profile">
      <h1 className="pc-profile__title">User Profile</h1>
      <div className="pc-profile__layout">
        <Card className="pc-profile__summary">
          <span className="pc-profile__avatar" aria-hidden="true">
            {fullName.charAt(0).toUpperCase()}
          </span>
          <p className="pc-profile__name">
            {fullName} {profile.role === 'admin' && <Badge tone="primary">Admin</Badge>}
          </p>
          <p className="pc-meta">{profile.email}</p>
          <p className="pc-meta">Member since {formatDate(profile.created_at.slice(0, 10))}</p>
        </Card>

        <Card>
          <form ref={errorFocus.ref} onSubmit={save} noValidate>
            <div className="pc-profile__head">
              <h2 className="pc-card__title">Personal details</h2>
              {!editing ? (
                <Button variant="secondary" onClick={() => { setMessage(null); setEditing(true); }}>
                  Edit Profile
                </Button>
              ) : (
                <div className="pc-profile__actions">
                  <Button variant="ghost" onClick={cancel} disabled={saving}>
                    Cancel
                  </Button>
                  <Button type="submit" busy={saving} busyText="Saving...">
                    Save Changes
                  </Button>
                </div>
              )}
            </div>
            {message && <Alert tone={message.tone}>{message.text}</Alert>}
            {editing ? (
              <div className="pc-grid pc-grid--2 pc-profile__fields">
                <TextField label="First name" autoComplete="given-name" {...field('firstName')} />
                <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
                <div className="pc-profile__readonly">
                  <p className="pc-field__label">Email</p>
                  <p>{profile.email}</p>
                  <p className="pc-meta">Your e-mail address cannot be changed.</p>
                </div>
                <TextField label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
                <TextField label="Date of birth" type="date" {...field('dateOfBirth')} />
                <TextField
                  label="Last 4 digits of SSN"
                  inputMode="numeric"
                  maxLength={4}
                  autoComplete="off"
                  {...field('ssn')}
                  // docs/product/accounts.md §5: digits only, at most 4.
                  onChange={(event) => set('ssn', event.target.value.replace(/\D/g, '').slice(0, 4))}
                />
                <TextField label="Street address" autoComplete="street-address" {...field('street')} />
                <TextField label="City" autoComplete="address-level2" {...field('city')} />
                <Select
                  label="State"
                  placeholder="Choose a state"
                  options={stateCodes.map((code) => ({ value: code, label: stateName(code) }))}
                  {...field('state')}
                />
                <TextField label="ZIP code" inputMode="numeric" autoComplete="postal-code" {...field('zipCode')} />
              </div>
            ) : (
              <ProfileDetails profile={profile} saved={saved} />
            )}
          </form>
        </Card>
      </div>

      <Card title="Account Statistics" titleLevel={2} className="pc-profile__stats">
        <dl className="pc-profile__stat-list">
          {['Bills Added', 'Income Sources', 'Days Active'].map((label) => (
            <div key={label} className="pc-profile__stat">
              <dt className="pc-meta">{label}</dt>
              <dd className="pc-tabular">0</dd>
            </div>
          ))}
        </dl>
      </Card>
    </div>
  );
}
