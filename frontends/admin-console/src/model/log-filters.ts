import { AUDIT_KINDS, AUDIT_KIND_LABELS, AUDIT_PAGE_SIZE_DEFAULT, AuditQuerySchema, type AuditQuery } from '@paycadence/contracts';

/** What the filter form holds: the kind, a user id or e-mail, and two calendar days (YYYY-MM-DD) or ''. */
export interface LogFilters {
  kind: string;
  user: string;
  from: string;
  to: string;
}

export const NO_FILTERS: LogFilters = { kind: '', user: '', from: '', to: '' };
export const LOG_PAGE_SIZE = AUDIT_PAGE_SIZE_DEFAULT;

/** The kind select: everything, the two families, then each kind by its label. */
export const KIND_OPTIONS = [
  { value: '', label: 'All events' },
  { value: 'admin', label: 'All admin actions' },
  { value: 'auth', label: 'All sign-in events' },
  ...AUDIT_KINDS.map((kind) => ({ value: kind, label: AUDIT_KIND_LABELS[kind] })),
];

/** A calendar day in the viewer's time zone as an instant: its first moment, or its last for the 'to' end. */
function dayToInstant(day: string, end: boolean): string | undefined {
  if (!day) return undefined;
  const date = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00.000'}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export type LogQueryResult = { ok: true; query: AuditQuery } | { ok: false; errors: Partial<Record<keyof LogFilters, string>> };

/** The form's filters as GET /api/admin/logs takes them, checked with the contract's AuditQuerySchema. */
export function toLogQuery(filters: LogFilters, page = 1): LogQueryResult {
  const parsed = AuditQuerySchema.safeParse({
    kind: filters.kind || undefined,
    user: filters.user.trim() || undefined,
    from: dayToInstant(filters.from, false),
    to: dayToInstant(filters.to, true),
    page,
    pageSize: LOG_PAGE_SIZE,
  });
  if (parsed.success) return { ok: true, query: parsed.data };
  const errors: Partial<Record<keyof LogFilters, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof LogFilters;
    if (field in NO_FILTERS && !errors[field]) errors[field] = field === 'to' ? 'The end date must be on or after the start date' : issue.message;
  }
  return { ok: false, errors };
}

export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));
