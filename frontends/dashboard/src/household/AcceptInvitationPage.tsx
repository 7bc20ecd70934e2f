import { HOUSEHOLD_ENDPOINTS, HOUSEHOLD_MESSAGES, INVITATION_PATH, type AuthUser } from '@payday/contracts';
import { Alert, Button, Spinner, useApi, useAuth, useDocumentTitle } from '@payday/web-kit';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ErrorBanner } from './ErrorBanner.js';
import './household.css'; // a stylesheet, not a <style> element: the CSP's style-src allows no inline CSS
import { SELECTED_HOUSEHOLD_PARAM } from './HouseholdPage.js';
import { serverReason } from './errors.js';
import { WithQueryClient } from './WithQueryClient.js';

const PAGE_TITLE = 'Household invitation';
export const MISSING_TOKEN_MESSAGE = 'This invitation link is incomplete. Open the link from the e-mail again.';

/** Where sign-in and sign-up send the visitor back to: this page with its token (the shell honours ?next=). */
const backHere = (token: string) => encodeURIComponent(`${INVITATION_PATH}?token=${encodeURIComponent(token)}`);

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
    onSuccess: ({ household }) => navigate(`/household?${SELECTED_HOUSEHOLD_PARAM}=${encodeURIComponent(household.id)}`),
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
      <h1 id="hh-invite-title" className="hh-invite__title">You're invited to join {invitation.household_name}</h1>
      <p>
        {invitation.invited_by} invited <strong>{invitation.email}</strong> to share bills and income as a {invitation.role}.
      </p>

      {accept.isError && <ErrorBanner text={HOUSEHOLD_MESSAGES.acceptFailed} error={accept.error} />}

      {!user ? (
        <>
          <p className="hh-muted">Sign in or create an account with {invitation.email} to accept.</p>
          <div className="hh-invite__actions">
            <Link className="pc-btn pc-btn--primary pc-btn--md" to={`/login?next=${backHere(token)}`}>
              Sign in
            </Link>
            <Link className="pc-btn pc-btn--secondary pc-btn--md" to={`/register?next=${backHere(token)}`}>
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
        <div className="hh-invite__actions">
          <Button onClick={() => accept.mutate()} disabled={accept.isPending || accept.isSuccess}>
            {accept.isPending ? 'Accepting...' : 'Accept invitation'}
          </Button>
          <Link className="pc-btn pc-btn--secondary pc-btn--md" to="/household">
            Not now
          </Link>
        </div>
      )}
    </section>
  );
}

/**
 * /household/accept?token=… (issue 11), exposed to the shell as './AcceptInvitationPage'. Open without a session:
 * the invitation's details need only the token; accepting needs the invited account signed in.
 */
export function AcceptInvitationPage() {
  const { user, loading } = useAuth();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
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
