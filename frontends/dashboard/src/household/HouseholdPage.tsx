import { HOUSEHOLD_MESSAGES, type Household } from '@paycadence/contracts';
import { Alert, Button, showToast, Spinner, useApi, useAuth, useDocumentTitle } from '@paycadence/web-kit';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ConfirmEmailBanner } from '../email/ConfirmEmailBanner.js';
import { CreateHouseholdModal } from './CreateHouseholdModal.js';
import { ErrorBanner } from './ErrorBanner.js';
import { HouseholdDetail } from './HouseholdDetail.js';
import './household.css'; // a stylesheet, not a <style> element: the CSP's style-src allows no inline CSS
import { HOUSEHOLD_QUERY_ROOT, useMyHouseholds } from './household-queries.js';
import { InviteMemberModal } from './InviteMemberModal.js';
import { pendingInvitationsKey } from './PendingInvitations.js';
import { WithQueryClient } from './WithQueryClient.js';

/** `?household={id}`: the household to open (the invitation page sends the new member here). */
export const SELECTED_HOUSEHOLD_PARAM = 'household';

function HouseholdScreen({ userId }: { userId: string }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const households = useMyHouseholds(api, userId);
  const [selectedId, setSelectedId] = useState<string | null>(searchParams.get(SELECTED_HOUSEHOLD_PARAM));
  const [modal, setModal] = useState<'create' | 'invite' | null>(null);

  const list = useMemo(() => households.data?.households ?? [], [households.data]);
  const selected = list.find((h) => h.id === selectedId) ?? null;

  // docs/product/signed-in.md §4: the first household is selected on load (and again when the selected one is gone).
  useEffect(() => {
    if (!selected && list.length > 0) setSelectedId(list[0]!.id);
  }, [selected, list]);

  const onCreated = (household: Household) => {
    setModal(null);
    showToast({ message: `Household “${household.name}” created.` });
    setSelectedId(household.id);
    void queryClient.invalidateQueries({ queryKey: HOUSEHOLD_QUERY_ROOT });
  };
  const onInvited = (email: string) => {
    setModal(null);
    showToast({ message: HOUSEHOLD_MESSAGES.invitationSent(email) });
    if (selected) {
      void queryClient.invalidateQueries({ queryKey: ['household', 'members', selected.id] });
      void queryClient.invalidateQueries({ queryKey: pendingInvitationsKey(selected.id) });
    }
  };
  const onLeft = (household: Household) => {
    setSelectedId(null);
    showToast({ message: `You left ${household.name}.` });
  };

  return (
    <div className="hh-page pc-container">
      <header className="hh-header">
        <div>
          <p className="pc-eyebrow">Family</p>
          <h1>Household</h1>
          <p className="hh-muted">Share bills and income with the people you live with.</p>
        </div>
        <Button onClick={() => setModal('create')}>{HOUSEHOLD_MESSAGES.createHousehold}</Button>
      </header>

      <ConfirmEmailBanner />

      {households.isError && <ErrorBanner text={HOUSEHOLD_MESSAGES.listFailed} error={households.error} />}

      {households.isPending ? (
        <Spinner label="Loading households..." />
      ) : (
        <div className="hh-layout">
          <section className="hh-panel" aria-labelledby="hh-list-title">
            <h2 id="hh-list-title">{HOUSEHOLD_MESSAGES.listTitle}</h2>
            {list.length === 0 ? (
              <div className="hh-empty">
                <p>{HOUSEHOLD_MESSAGES.noHouseholds}</p>
                <Button variant="secondary" onClick={() => setModal('create')}>
                  {HOUSEHOLD_MESSAGES.createFirst}
                </Button>
              </div>
            ) : (
              <ul className="hh-list">
                {list.map((household) => (
                  <li key={household.id}>
                    <button
                      type="button"
                      className="hh-list__item"
                      aria-current={household.id === selected?.id ? 'true' : undefined}
                      onClick={() => setSelectedId(household.id)}
                    >
                      <span className="hh-list__name">{household.name}</span>
                      <span className="hh-list__role">{HOUSEHOLD_MESSAGES.role(household.my_role)}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>

          {selected ? (
            <HouseholdDetail
              key={selected.id}
              api={api}
              household={selected}
              currentUserId={userId}
              onInvite={() => setModal('invite')}
              onLeft={onLeft}
            />
          ) : (
            <section className="hh-panel hh-muted" aria-label="Household details">
              <p>{HOUSEHOLD_MESSAGES.selectHousehold}</p>
            </section>
          )}
        </div>
      )}

      {modal === 'create' && <CreateHouseholdModal api={api} onClose={() => setModal(null)} onCreated={onCreated} />}
      {modal === 'invite' && selected && (
        <InviteMemberModal api={api} householdId={selected.id} onClose={() => setModal(null)} onInvited={onInvited} />
      )}
    </div>
  );
}

/**
 * /household (docs/product/signed-in.md §2, §4, §8), exposed to the shell as './HouseholdPage'. Without a user it says
 * so (the product's text) rather than redirecting.
 */
export function HouseholdPage() {
  const { user, loading } = useAuth();
  useDocumentTitle('Family');
  return (
    <>
      <meta name="robots" content="noindex" />
      {loading ? (
        <Spinner />
      ) : !user ? (
        <div className="hh-page pc-container">
          <Alert tone="info">{HOUSEHOLD_MESSAGES.signInFirst}</Alert>
        </div>
      ) : (
        <WithQueryClient>
          <HouseholdScreen userId={user.id} />
        </WithQueryClient>
      )}
    </>
  );
}

