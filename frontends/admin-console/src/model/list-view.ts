import { ADMIN_LIST_PAGE_SIZE_DEFAULT, type AdminListQuery, type AdminListSort, type SortDirection } from '@paycadence/contracts';

// Where an admin list stands: its order and which keyset page it shows. The server searches, sorts and pages
// (AdminListQuerySchema); the screen keeps the cursor of the page it asked for and counts pages itself.

/** Rows a page: the server's default, so a list needs no page-size control. */
export const PAGE_SIZE = ADMIN_LIST_PAGE_SIZE_DEFAULT;
/** How long typing pauses before the search is sent: one request for a name, not one per letter. */
export const SEARCH_DEBOUNCE_MS = 300;

export const ORDERS = {
  'created-desc': { sort: 'created', direction: 'desc' },
  'created-asc': { sort: 'created', direction: 'asc' },
  'email-asc': { sort: 'email', direction: 'asc' },
  'email-desc': { sort: 'email', direction: 'desc' },
} as const satisfies Record<string, { sort: AdminListSort; direction: SortDirection }>;
export type ListOrder = keyof typeof ORDERS;

/** The orders a list offers, named for each list's date column. */
export const orderOptions = (dateWord: 'Newest' | 'Latest joined') => [
  { value: 'created-desc', label: dateWord === 'Newest' ? 'Newest first' : 'Latest joined first' },
  { value: 'created-asc', label: dateWord === 'Newest' ? 'Oldest first' : 'Earliest joined first' },
  { value: 'email-asc', label: 'Email A–Z' },
  { value: 'email-desc', label: 'Email Z–A' },
];

export interface ListView {
  order: ListOrder;
  /** 1 for the first page; counted by the screen as it moves, the server only knows cursors. */
  page: number;
  after?: string;
  before?: string;
}

export const firstPage = (order: ListOrder = 'created-desc'): ListView => ({ order, page: 1 });

/** The request for a view: the search (none when blank), the order, the page size and the cursor. */
export function toListQuery(view: ListView, search: string): AdminListQuery {
  const text = search.trim();
  return {
    ...(text ? { search: text } : {}),
    ...ORDERS[view.order],
    limit: PAGE_SIZE,
    ...(view.after ? { after: view.after } : {}),
    ...(view.before ? { before: view.before } : {}),
  };
}

export const nextPage = (view: ListView, cursor: string): ListView => ({ order: view.order, page: view.page + 1, after: cursor });
export const previousPage = (view: ListView, cursor: string): ListView => ({ order: view.order, page: Math.max(1, view.page - 1), before: cursor });

export const pageCount = (total: number) => Math.max(1, Math.ceil(total / PAGE_SIZE));

/** '1,234', or 'about 1,234' for the server's estimate. */
export const formatCount = (count: number, estimated = false) => `${estimated ? 'about ' : ''}${count.toLocaleString('en-US')}`;

/** 'Showing 51–100 of 1,234': the rows of this page among all that match. */
export function showingText(view: ListView, shown: number, total: number, estimated: boolean): string {
  const from = (view.page - 1) * PAGE_SIZE + 1;
  return `Showing ${from.toLocaleString('en-US')}–${(from + shown - 1).toLocaleString('en-US')} of ${formatCount(total, estimated)}`;
}
