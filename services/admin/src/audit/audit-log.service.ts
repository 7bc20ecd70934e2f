import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { AuditEntry, AuditEvent, AuditPage, AuditQuery } from '@paycadence/contracts';
import { isRowId } from '@paycadence/nest-kit';
import type { Repository } from 'typeorm';
import { AuditLogEntry } from './audit-log-entry.entity.js';

interface AuditRow {
  id: string;
  kind: AuditEvent['kind'];
  occurred_at: Date;
  recorded_at: Date;
  actor_id: string | null;
  actor_email: string | null;
  subject_id: string | null;
  subject_email: string | null;
  ip: string | null;
  user_agent: string | null;
  details: AuditEvent['details'];
}

/** The WHERE clause of a query's filters (ANDed) and its parameters. */
export function auditFilters(query: Pick<AuditQuery, 'kind' | 'user' | 'from' | 'to'>): { where: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  if (query.kind === 'admin' || query.kind === 'auth') clauses.push(`kind LIKE ${param(`${query.kind}.%`)}`);
  else if (query.kind) clauses.push(`kind = ${param(query.kind)}`);
  if (query.user) {
    // A user id matches either side by id; anything else is an exact e-mail, case-insensitive (lower() indexes).
    if (isRowId(query.user)) {
      const id = param(query.user.toLowerCase());
      clauses.push(`(actor_id = ${id} OR subject_id = ${id})`);
    } else {
      const email = param(query.user.toLowerCase());
      clauses.push(`(lower(actor_email) = ${email} OR lower(subject_email) = ${email})`);
    }
  }
  if (query.from) clauses.push(`occurred_at >= ${param(query.from)}`);
  if (query.to) clauses.push(`occurred_at <= ${param(query.to)}`);
  return { where: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

/** Stores and reads the audit log; it only ever inserts (the table's trigger refuses UPDATE and DELETE too). */
@Injectable()
export class AuditLogService {
  constructor(@InjectRepository(AuditLogEntry) private readonly entries: Repository<AuditLogEntry>) {}

  /** Stores one event; the same id again stores nothing (a retried job, a replayed event). True when stored. */
  async record(event: AuditEvent): Promise<boolean> {
    const rows: unknown[] = await this.entries.query(
      `INSERT INTO audit_log (id, kind, occurred_at, actor_id, actor_email, subject_id, subject_email, ip, user_agent, details)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (id) DO NOTHING
       RETURNING id`,
      [
        event.id,
        event.kind,
        event.occurredAt,
        event.actor.id,
        event.actor.email,
        event.subject.id,
        event.subject.email,
        event.ip,
        event.userAgent,
        JSON.stringify(event.details ?? {}),
      ],
    );
    return rows.length > 0;
  }

  /** One page of the log, newest first, with how many entries match in all. */
  async page(query: AuditQuery): Promise<AuditPage> {
    const { where, params } = auditFilters(query);
    const [{ total }] = await this.entries.query(`SELECT count(*)::int AS total FROM audit_log ${where}`, params);
    const rows: AuditRow[] = await this.entries.query(
      `SELECT * FROM audit_log ${where}
       ORDER BY occurred_at DESC, recorded_at DESC, id
       LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, query.pageSize, (query.page - 1) * query.pageSize],
    );
    return { entries: rows.map(toEntry), page: query.page, pageSize: query.pageSize, total };
  }
}

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    kind: row.kind,
    occurredAt: new Date(row.occurred_at).toISOString(),
    recordedAt: new Date(row.recorded_at).toISOString(),
    actor: { id: row.actor_id, email: row.actor_email },
    subject: { id: row.subject_id, email: row.subject_email },
    ip: row.ip,
    userAgent: row.user_agent,
    details: row.details ?? {},
  };
}
