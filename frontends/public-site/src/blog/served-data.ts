import { SERVED_DATA_ELEMENT_ID, servedDataKey } from '@paycadence/contracts';

// /blog and a post's page can arrive rendered with their data by the page server
// (../../server). It leaves that data in a JSON element, so the app starts with what the visitor already sees
// instead of a loading view and a second request. Each entry is taken once: a later visit to the page (after
// the cache let it go) asks the API as usual, never for this page load's data.

let served: Map<string, unknown> | null = null;

function servedEntries(doc: Document): Map<string, unknown> {
  if (served) return served;
  served = new Map();
  const text = doc.getElementById(SERVED_DATA_ELEMENT_ID)?.textContent;
  if (!text) return served;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null) served = new Map(Object.entries(parsed));
  } catch {
    // Not ours or cut short: the page asks the API as it would without it.
  }
  return served;
}

/** What checks an entry: the API answer's own schema (zod's safeParse). */
interface Checker<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/** The page's served data for the query key, checked against the API's own schema; undefined when there is none. */
export function takeServedData<T>(queryKey: readonly unknown[], schema: Checker<T>, doc: Document | undefined = globalThis.document): T | undefined {
  if (!doc) return undefined;
  const entries = servedEntries(doc);
  const key = servedDataKey(queryKey);
  if (!entries.has(key)) return undefined;
  const value = entries.get(key);
  entries.delete(key);
  const checked = schema.safeParse(value);
  return checked.success ? checked.data : undefined;
}

/** Tests: forget what was read, as a new page load would. */
export function forgetServedData(): void {
  served = null;
}
