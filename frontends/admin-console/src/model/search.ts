/** What the search box looks at: an entry's e-mail and name (docs/product/signed-in.md §2). */
export interface Searchable {
  email: string;
  name: string | null;
}

/** docs/product/signed-in.md §2: 'Search by email or name...' keeps entries whose e-mail or name contains the text, case-insensitive. */
export function matchesSearch(entry: Searchable, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  return entry.email.toLowerCase().includes(needle) || (entry.name ?? '').toLowerCase().includes(needle);
}

export function filterBySearch<T extends Searchable>(entries: readonly T[], text: string): T[] {
  return entries.filter((entry) => matchesSearch(entry, text));
}
