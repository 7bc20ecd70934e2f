import { BANK_SYNC_ENDPOINTS, type GeneratorKind } from '@paycadence/contracts';
import { Button, useApi } from '@paycadence/web-kit';
import { useEffect, useRef, useState } from 'react';
import { useReloadAll } from '../hooks/bank-queries.js';
import { useTimedMessage } from '../hooks/useTimedMessage.js';
import { TIMERS, generatorErrorText } from '../model/messages.js';
import { StatusLine } from './StatusLine.js';

type Choice = 'all' | GeneratorKind;

const CHOICES: Array<{ kind: Choice; label: string; hint: string }> = [
  { kind: 'all', label: 'Generate all data', hint: 'Bills, paychecks, everyday spending and recurring payments together.' },
  { kind: 'bills', label: 'Generate bills', hint: 'Rent, utilities, insurance and subscriptions.' },
  { kind: 'income', label: 'Generate income', hint: 'Paychecks and freelance payments.' },
  { kind: 'expenses', label: 'Generate expenses', hint: 'Groceries, dining, fuel and shopping.' },
  { kind: 'recurring', label: 'Generate recurring', hint: 'Months of repeating payments, so detection has something to find.' },
];

/** What an error says: the server's own words when it gave some. */
function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Request failed';
}

/**
 * docs/product/signed-in.md §2/§7 Data Generator (visible to any user of the page): adds sandbox transactions to the
 * user's linked test bank; 'Error: {message}' on failure, the data reloaded 2 s after a success.
 */
export function GeneratorTab({ userId }: { userId: string }) {
  const api = useApi();
  const reloadAll = useReloadAll();
  const status = useTimedMessage(TIMERS.messageMs);
  const [running, setRunning] = useState<Choice | null>(null);
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (reloadTimer.current && clearTimeout(reloadTimer.current)), []);

  const generate = async (kind: Choice) => {
    setRunning(kind);
    try {
      const answer =
        kind === 'all'
          ? await api.call(BANK_SYNC_ENDPOINTS.generate, { params: { userId } })
          : await api.call(BANK_SYNC_ENDPOINTS.generateKind, { params: { userId, kind } });
      if (!answer.success) {
        status.show('error', generatorErrorText(answer.message));
        return;
      }
      status.show('success', answer.message);
      // spec §9: reload 2 s after a success; the data, not the whole page.
      if (reloadTimer.current) clearTimeout(reloadTimer.current);
      reloadTimer.current = setTimeout(() => void reloadAll(), TIMERS.generatorReloadMs);
    } catch (error) {
      status.show('error', generatorErrorText(errorMessage(error)));
    } finally {
      setRunning(null);
    }
  };

  return (
    <section className="ca-tab" aria-labelledby="ca-gen-title">
      <h2 id="ca-gen-title" className="ca-tab__title">
        Data Generator
      </h2>
      <p className="ca-muted">
        Adds realistic test transactions to your connected sandbox bank, then imports them like any other bank data. Use it to try analytics and
        bill detection.
      </p>
      <StatusLine message={status.message} />
      <ul className="ca-generator">
        {CHOICES.map((choice) => (
          <li key={choice.kind} className="ca-generator__item">
            <Button
              variant={choice.kind === 'all' ? 'primary' : 'secondary'}
              fullWidth
              onClick={() => void generate(choice.kind)}
              busy={running === choice.kind}
              busyText="Generating..."
              disabled={running !== null && running !== choice.kind}
            >
              {choice.label}
            </Button>
            <p className="ca-muted ca-small">{choice.hint}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
