import { Alert } from '@paycadence/web-kit';
import { serverReason } from './errors.js';

/** The red banner of docs/product/signed-in.md §8: the product's text, and the server's reason under it when it gave one. */
export function ErrorBanner({ text, error }: { text: string; error: unknown }) {
  const reason = serverReason(error);
  return (
    <Alert tone="error" title={text}>
      {reason ?? ''}
    </Alert>
  );
}
