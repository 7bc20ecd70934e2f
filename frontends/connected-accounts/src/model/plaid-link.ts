// With real Plaid keys the screen uses Plaid Link itself; its script only loads from Plaid (docs/product/signed-in.md §7:
// 'The bank widget script is loaded from the aggregator's content network'). Best effort: one script tag,
// the documented Plaid.create({token, onSuccess, onExit}) and open().

export const PLAID_LINK_SCRIPT_URL = 'https://cdn.plaid.com/link/v2/stable/link-initialize.js';

export interface PlaidLinkSuccessMetadata {
  institution?: { institution_id?: string | null; name?: string | null } | null;
}
interface PlaidHandler {
  open(): void;
  destroy?(): void;
}
interface PlaidGlobal {
  create(config: {
    token: string;
    onSuccess: (publicToken: string, metadata: PlaidLinkSuccessMetadata) => void;
    onExit: (error: unknown) => void;
  }): PlaidHandler;
}

let loading: Promise<PlaidGlobal> | null = null;

function plaidGlobal(): PlaidGlobal | undefined {
  return (window as unknown as { Plaid?: PlaidGlobal }).Plaid;
}

export function loadPlaidLink(): Promise<PlaidGlobal> {
  const existing = plaidGlobal();
  if (existing) return Promise.resolve(existing);
  loading ??= new Promise<PlaidGlobal>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = PLAID_LINK_SCRIPT_URL;
    script.async = true;
    script.onload = () => {
      const plaid = plaidGlobal();
      if (plaid) resolve(plaid);
      else reject(new Error('Plaid Link did not load'));
    };
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('Plaid Link did not load'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

export type PlaidLinkOutcome = { kind: 'success'; publicToken: string; metadata: PlaidLinkSuccessMetadata } | { kind: 'exit' };

/** Opens Plaid Link with a link token and resolves when the user finishes or leaves it. */
export async function openPlaidLink(linkToken: string): Promise<PlaidLinkOutcome> {
  const plaid = await loadPlaidLink();
  return new Promise<PlaidLinkOutcome>((resolve) => {
    const handler = plaid.create({
      token: linkToken,
      onSuccess: (publicToken, metadata) => {
        handler.destroy?.();
        resolve({ kind: 'success', publicToken, metadata });
      },
      onExit: () => {
        handler.destroy?.();
        resolve({ kind: 'exit' });
      },
    });
    handler.open();
  });
}
