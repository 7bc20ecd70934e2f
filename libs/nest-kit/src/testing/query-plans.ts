import type { INestApplicationContext } from '@nestjs/common';
import type pg from 'pg';
import { DataSource } from 'typeorm';

/** One statement a service sent to PostgreSQL, with the parameters it was bound to. */
export interface CapturedStatement {
  sql: string;
  params: unknown[];
}

/**
 * Every statement the service's own connections send while it runs: recorded at the pg client itself, so
 * TypeORM's repositories, its raw `query` and code holding the pool directly are all seen, and a query added
 * tomorrow is checked without anyone listing it. Only connections bound to `schema` (their search_path) count,
 * so the test's own arranging client is left out.
 */
export interface QueryCapture {
  /** Distinct statements in the order first seen (the first parameters of each). */
  statements(): CapturedStatement[];
  clear(): void;
  stop(): void;
}

/** What reads or writes rows; transaction control, settings and DDL (TypeORM's start-up) have no plan to check. */
const PLANNABLE = /^[\s(]*(select|insert|update|delete|with|values|table|merge)\b/i;

type QueryFn = (this: pg.Client, ...args: unknown[]) => unknown;

export function captureQueries(app: INestApplicationContext, schema: string): QueryCapture {
  // The pg library TypeORM itself loaded, so the prototype patched is the one its pool's clients use.
  const driver = app.get(DataSource).driver as unknown as { postgres: { Client: { prototype: { query: QueryFn } } } };
  const prototype = driver.postgres.Client.prototype;
  const original = prototype.query;
  const seen = new Map<string, CapturedStatement>();
  const marker = `search_path=${schema}`;
  prototype.query = function capturingQuery(this: pg.Client, ...args: unknown[]) {
    const options = (this as unknown as { connectionParameters?: { options?: string } }).connectionParameters?.options ?? '';
    if (options.includes(marker)) {
      const [config, values] = args;
      const sql = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
      const params = Array.isArray(values) ? values : ((config as { values?: unknown[] } | null)?.values ?? []);
      if (typeof sql === 'string' && PLANNABLE.test(sql) && !seen.has(sql)) seen.set(sql, { sql, params: [...params] });
    }
    return original.apply(this, args);
  };
  return {
    statements: () => [...seen.values()],
    clear: () => seen.clear(),
    stop: () => {
      prototype.query = original;
    },
  };
}

/**
 * A read of a whole table: a Seq Scan the planner kept although seq scans were priced out, or a walk of a whole
 * index to dodge that price (an index scan whose condition leaves the index's leading column free, or with no
 * condition at all on an index that is not partial). Either way no index serves the statement.
 */
export interface SeqScanFinding {
  sql: string;
  table: string;
  node: string;
}

export interface PlanCheck {
  /** Statements that scan a table of the schema sequentially, table by table. */
  seqScans: SeqScanFinding[];
  /** Statements PostgreSQL could not EXPLAIN, with its message (a test should fail on these too). */
  errors: { sql: string; message: string }[];
  /** How many distinct statements were explained. */
  explained: number;
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Schema?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

const INDEX_SCANS = new Set(['Index Scan', 'Index Only Scan', 'Bitmap Index Scan']);

/** Per index of the schema: its leading key (a column or an expression) and whether it is partial. */
type IndexShapes = Map<string, { table: string; lead: string; partial: boolean }>;

async function indexShapes(db: pg.Client, schema: string): Promise<IndexShapes> {
  const { rows } = await db.query<{ name: string; table: string; lead: string; partial: boolean }>(
    `SELECT c.relname AS name, t.relname AS table, pg_get_indexdef(i.indexrelid, 1, true) AS lead, i.indpred IS NOT NULL AS partial
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1`,
    [schema],
  );
  return new Map(rows.map(({ name, table, lead, partial }) => [name, { table, lead: lead.replace(/"/g, ''), partial }]));
}

const isWordChar = (char: string | undefined) => char !== undefined && /[A-Za-z0-9_]/.test(char);

/** Whether `text` names `word` on its own (not as part of a longer identifier); plain scanning, no pattern. */
function mentions(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
    if (!isWordChar(text[at - 1]) && !isWordChar(text[at + word.length])) return true;
  }
  return false;
}

/** VERBOSE qualifies columns (`t.user_id`, `lower(t.email)`); an index's own definition does not. */
function unqualified(text: string): string {
  let out = '';
  let word = '';
  for (const char of text) {
    if (isWordChar(char)) {
      word += char;
    } else if (char === '.' && word !== '' && !(word[0]! >= '0' && word[0]! <= '9')) {
      word = '';
    } else {
      out += word + char;
      word = '';
    }
  }
  return out + word;
}

/** How a plan node reads all of its table (see SeqScanFinding), or null when it does not. */
function wholeTableRead(node: PlanNode, indexes: IndexShapes): string | null {
  if (node['Node Type'] === 'Seq Scan') return 'Seq Scan';
  if (!INDEX_SCANS.has(node['Node Type']) || !node['Index Name']) return null;
  const index = indexes.get(node['Index Name']);
  if (!index) return null;
  const condition = unqualified((node['Index Cond'] ?? '').replace(/"/g, ''));
  if (condition === '' ? index.partial : mentions(condition, index.lead)) return null;
  return `${node['Node Type']} of all of ${node['Index Name']}`;
}

function* planNodes(node: PlanNode): Generator<PlanNode> {
  yield node;
  for (const child of node.Plans ?? []) yield* planNodes(child);
}

/** The JSON plan of one statement with its parameters, seq scans priced out, in the service's schema. */
export async function explain(db: pg.Client, schema: string, statement: CapturedStatement): Promise<PlanNode> {
  await db.query('BEGIN');
  try {
    await db.query(`SET LOCAL search_path TO "${schema.replace(/"/g, '')}"`);
    // VERBOSE names each scanned relation's schema. A seq scan then costs 1e10 and is only chosen when no index can answer the statement at all, so what is
    // left is a missing index, not a planner preferring a scan of a small test table.
    await db.query('SET LOCAL enable_seqscan = off');
    const { rows } = await db.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(`EXPLAIN (VERBOSE, FORMAT JSON) ${statement.sql}`, statement.params);
    return rows[0]!['QUERY PLAN'][0]!.Plan;
  } finally {
    await db.query('ROLLBACK');
  }
}

/** Node types along a plan, depth first, e.g. `['Limit', 'Nested Loop', 'Index Scan', ...]`. */
export function planShape(plan: PlanNode): string[] {
  return [...planNodes(plan)].map((node) => node['Node Type']);
}

/** Tables every service has whose whole reading is fine, with why. */
const ALWAYS_ALLOWED: Record<string, string> = {
  migrations: 'TypeORM reads its ledger of a few dozen rows once, when a service or worker starts',
};

/**
 * EXPLAINs every statement and reports each sequential scan of a table of `schema` that `allowSeqScan` does not
 * excuse (table → why a scan is fine there, e.g. a global table of a handful of rows).
 */
export async function checkQueryPlans(
  db: pg.Client,
  schema: string,
  statements: CapturedStatement[],
  allowSeqScan: Record<string, string> = {},
): Promise<PlanCheck> {
  const allowed: Record<string, string> = { ...ALWAYS_ALLOWED, ...allowSeqScan };
  const check: PlanCheck = { seqScans: [], errors: [], explained: 0 };
  const indexes = await indexShapes(db, schema);
  for (const statement of statements) {
    let plan: PlanNode;
    try {
      plan = await explain(db, schema, statement);
    } catch (error) {
      check.errors.push({ sql: statement.sql, message: (error as Error).message });
      continue;
    }
    check.explained += 1;
    for (const node of planNodes(plan)) {
      const what = wholeTableRead(node, indexes);
      const table = node['Relation Name'] ?? indexes.get(node['Index Name'] ?? '')?.table;
      if (!what || !table || table in allowed) continue;
      if (node['Node Type'] === 'Seq Scan' && node.Schema !== schema) continue;
      if (!check.seqScans.some((found) => found.sql === statement.sql && found.table === table)) check.seqScans.push({ sql: statement.sql, table, node: what });
    }
  }
  return check;
}

/** A readable list of what `checkQueryPlans` found, for a failing assertion's message. */
export function describePlanCheck(check: PlanCheck): string {
  const oneLine = (sql: string) => sql.replace(/\s+/g, ' ').trim();
  return [
    ...check.seqScans.map(({ sql, table, node }) => `${node} on ${table}: ${oneLine(sql)}`),
    ...check.errors.map(({ sql, message }) => `EXPLAIN failed (${message}): ${oneLine(sql)}`),
  ].join('\n');
}
