import { HOUSEHOLD_ENDPOINTS, HOUSEHOLD_MESSAGES, INVITATION_PATH, type AuthUser } from '@paycadence/contracts';
import { Alert, Button, Spinner, useApi, useAuth, useDocumentTitle } from '@paycadence/web-kit';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ConfirmEmailBanner } from '../email/ConfirmEmailBanner.js';
import { ErrorBanner } from './ErrorBanner.js';
import './household.css'; // a stylesheet, not a <style> element: the CSP's style-src allows no inline CSS
import { SELECTED_HOUSEHOLD_PARAM } from './HouseholdPage.js';
import { serverReason } from './errors.js';
import { WithQueryClient } from './WithQueryClient.js';

const PAGE_TITLE = 'Household invitation';
export const MISSING_TOKEN_MESSAGE =
  'This invitation link is incomplete. Open the link from the e-mail again.';

/**
 * Where sign-in and sign-up send the visitor back to (the shell honours ?next=): this page alone. The token stays
 * out of that query, which the sign-in page's address, its history entry and the Referer of its requests would
 * carry; the page keeps it for the tab instead (keepToken).
 */
const backHere = encodeURIComponent(INVITATION_PATH);

/** Where this tab keeps the link's token while the visitor signs in or creates an account and comes back. */
export const INVITATION_TOKEN_KEY = 'paycadence:household-invitation';

/**
 * The token a link carries: in the fragment (`#token=…`, which browsers never send to a server), or in the query
 * of a link mailed before the fragment was used (`?token=…`, still valid for its seven days). null without one.
 */
export function tokenFromLink(hash: string, search: string): string | null {
  const fromFragment = new URLSearchParams(hash.replace(/^#/, '')).get('token')?.trim();
  if (fromFragment) return fromFragment;
  return new URLSearchParams(search).get('token')?.trim() || null;
}

// Storage can be refused (a privacy mode, a full quota): the page then works for the link as opened, and a
// visitor who leaves to sign in opens the link from the e-mail again.
function keptToken(): string | null {
  try {
    return window.sessionStorage.getItem(INVITATION_TOKEN_KEY);
  } catch {
    return null;
  }
}
function keepToken(token: string | null): void {
  try {
    if (token) window.sessionStorage.setItem(INVITATION_TOKEN_KEY, token);
    else window.sessionStorage.removeItem(INVITATION_TOKEN_KEY);
  } catch {
    // see keptToken
  }
}

/**
 * The invitation's token: the link's, else the one this tab kept. A token read from the link is kept, then taken
 * out of the address bar and the history entry (it is a credential), as the password-reset page does.
 */
function useInvitationToken(): string {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const fromLink = tokenFromLink(hash, search);
  const [kept, setKept] = useState(() => fromLink ?? keptToken() ?? '');
  useEffect(() => {
    if (!fromLink) return;
    setKept(fromLink);
    keepToken(fromLink);
    const rest = new URLSearchParams(search);
    rest.delete('token');
    const query = rest.toString();
    navigate({ pathname, search: query ? `?${query}` : '' }, { replace: true });
  }, [fromLink, pathname, search, navigate]);
  return fromLink ?? kept;
}

function Invitation({ token, user }: { token: string; user: AuthUser | null }) {
  const api = useApi();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const details = useQuery({
    queryKey: ['household', 'invitation', token],
    queryFn: ({ signal }) => api.call(HOUSEHOLD_ENDPOINTS.invitationDetails, { body: { token } }, { signal }),
    retry: false,
    refetchOnWindowFocus: false,
  });
  const accept = useMutation({
    mutationFn: () => api.call(HOUSEHOLD_ENDPOINTS.acceptInvitation, { body: { token } }),
    onSuccess: ({ household }) => {
      keepToken(null); // used: nothing left to come back for
      navigate(`/household?${SELECTED_HOUSEHOLD_PARAM}=${encodeURIComponent(household.id)}`);
    },
  });

  if (details.isPending) return <Spinner label="Loading invitation..." />;
  if (details.isError) {
    // Not found, expired or already used: the service's own sentence says which.
    return (
      <>
        <h1 className="hh-invite__title">{PAGE_TITLE}</h1>
        <Alert tone="error" title={serverReason(details.error) ?? HOUSEHOLD_MESSAGES.invitationNotFound}>
          <Link to="/household">Go to your households</Link>
        </Alert>
      </>
    );
  }

  const invitation = details.data;
  const wrongAccount = user !== null && user.email.toLowerCase() !== invitation.email.toLowerCase();
  return (
    <section className="hh-panel hh-invite" aria-labelledby="hh-invite-title">
      <h1 id="hh-invite-title" className="hh-invite__title">
        You're invited to join {invitation.household_name}
      </h1>
      <p>
        {invitation.invited_by} invited <strong>{invitation.email}</strong> to share bills and income as a{' '}
        {invitation.role}.
      </p>

      {accept.isError && <ErrorBanner text={HOUSEHOLD_MESSAGES.acceptFailed} error={accept.error} />}

      {!user ? (
        <>
          <p className="hh-muted">Sign in or create an account with {invitation.email} to accept.</p>
          <div className="hh-invite__actions">
            <Link className="pc-btn pc-btn--primary pc-btn--md" to={`/login?next=${backHere}`}>
              Sign in
            </Link>
            <Link className="pc-btn pc-btn--secondary pc-btn--md" to={`/register?next=${backHere}`}>
              Create an account
            </Link>
          </div>
        </>
      ) : wrongAccount ? (
        <Alert tone="error" title={HOUSEHOLD_MESSAGES.invitationForSomeoneElse}>
          You are signed in as {user.email}.{' '}
          <Button variant="secondary" size="sm" onClick={() => void signOut()}>
            Sign out
          </Button>
        </Alert>
      ) : (
        <>
          {/* Joining waits for a confirmed address: the banner says so and sends the link again. */}
          <ConfirmEmailBanner />
          <div className="hh-invite__actions">
            <Button onClick={() => accept.mutate()} disabled={accept.isPending || accept.isSuccess}>
              {accept.isPending ? 'Accepting...' : 'Accept invitation'}
            </Button>
            <Link className="pc-btn pc-btn--secondary pc-btn--md" to="/household">
              Not now
            </Link>
          </div>
        </>
      )}
    </section>
  );
}

/**
 * /household/accept#token=…, exposed to the shell as './AcceptInvitationPage'. Open without a session: the
 * invitation's details need only the token (sent in the request body); accepting needs the invited account
 * signed in.
 */
export function AcceptInvitationPage() {
  const { user, loading } = useAuth();
  const token = useInvitationToken();
  useDocumentTitle(PAGE_TITLE);
  return (
    <>
      <meta name="robots" content="noindex" />
      <div className="hh-page pc-container">
        {loading ? (
          <Spinner />
        ) : !token ? (
          <>
            <h1 className="hh-invite__title">{PAGE_TITLE}</h1>
            <Alert tone="error">{MISSING_TOKEN_MESSAGE}</Alert>
          </>
        ) : (
          <WithQueryClient>
            <Invitation token={token} user={user} />
          </WithQueryClient>
        )}
      </div>
    </>
  );
}
