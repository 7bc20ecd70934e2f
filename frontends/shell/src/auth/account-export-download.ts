import { ACCOUNT_EXPORT_PATH, accountExportFileName } from '@paycadence/contracts';

/** The file name the server chose (Content-Disposition), else today's. Plain string work, no pattern. */
export function downloadName(disposition: string | null, today: Date): string {
  const marker = 'filename="';
  const start = disposition?.indexOf(marker) ?? -1;
  if (disposition && start >= 0) {
    const end = disposition.indexOf('"', start + marker.length);
    const name = end > start ? disposition.slice(start + marker.length, end) : '';
    if (name && !name.includes('/') && !name.includes('\\')) return name;
  }
  return accountExportFileName(today.toISOString());
}

/**
 * Fetches the export (a .zip, not JSON, so not through the JSON client) with the session's access token, once
 * more after a refresh when the token had expired, and hands it to the browser as a download.
 */
export async function downloadAccountExport(token: () => string | null, refresh: () => Promise<string | null>): Promise<void> {
  const fetchWith = (bearer: string | null) =>
    fetch(ACCOUNT_EXPORT_PATH, { headers: bearer ? { authorization: `Bearer ${bearer}` } : {}, cache: 'no-store' });
  let response = await fetchWith(token());
  if (response.status === 401) response = await fetchWith(await refresh());
  if (!response.ok) throw new Error(`export failed with status ${response.status}`);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = downloadName(response.headers.get('content-disposition'), new Date());
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: the browser has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
