// Nothing joins across services' schemas (docs/architecture.md: one schema per service, which may then move to
// a database of its own, docs/operations.md). Every string a service's code holds that reads as SQL or is handed
// to TypeORM's QueryBuilder, and every entity's `schema:`, may name its own schema only. A run on two PostgreSQL
// instances (separate-databases.test.ts) proves the same at run time: a join across databases cannot work.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../contract/kong-config.loader.js';
import { serviceSchemas } from './service-schemas.js';

const schemas = serviceSchemas();
const allSchemas = Object.values(schemas);

/** A word SQL uses before a table name; a string without one is not SQL (transport patterns such as 'finance.account.export'). */
const SQL_WORDS =
  /\b(?:select|from|join|into|update|delete|table|references|schema|truncate|alter|index on)\b/i;
/** QueryBuilder and repository calls whose string arguments are table or alias names. */
const QUERY_METHODS = new Set([
  'from',
  'innerJoin',
  'leftJoin',
  'innerJoinAndSelect',
  'leftJoinAndSelect',
  'into',
  'update',
  'delete',
  'query',
  'createQueryBuilder',
  'insert',
]);

interface ForeignReference {
  file: string;
  line: number;
  schema: string;
  text: string;
}

/** The other services' schemas a TypeScript source names in SQL, QueryBuilder arguments or an entity's `schema:`. */
function foreignSchemaReferences(file: string, source: string, own: string): ForeignReference[] {
  const others = allSchemas.filter((schema) => schema !== own);
  // "finance"."bills", finance.bills, "finance".bills: a schema-qualified name (linear: no nested quantifiers).
  const qualified = new RegExp(`(?:^|[^a-z0-9_."])"?(${others.join('|')})"?\\s*\\.\\s*"?[a-z_]`, 'i');
  const found: ForeignReference[] = [];
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const report = (node: ts.Node, text: string, schema: string) =>
    found.push({
      file,
      line: sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1,
      schema,
      text: text.slice(0, 120),
    });
  const literalText = (node: ts.Node): string | null => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isTemplateExpression(node))
      return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ${} ');
    return null;
  };
  const visit = (node: ts.Node) => {
    const text = literalText(node);
    if (text !== null) {
      const parent = node.parent;
      const inQueryCall =
        ts.isCallExpression(parent) &&
        ts.isPropertyAccessExpression(parent.expression) &&
        QUERY_METHODS.has(parent.expression.name.text);
      const isSchemaProperty =
        ts.isPropertyAssignment(parent) && parent.name.getText(sourceFile) === 'schema';
      if (isSchemaProperty && others.includes(text)) report(node, text, text);
      else if (SQL_WORDS.test(text) || inQueryCall) {
        const match = qualified.exec(text);
        if (match) report(node, text, match[1]);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

const sourcesOf = (service: string): string[] => {
  const dir = path.join(repoRoot, 'services', service, 'src');
  return (fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.spec.ts'))
    .map((file) => path.join(dir, file));
};

describe("no service names another service's schema", () => {
  it.each(Object.entries(schemas))('%s (schema %s) reads and writes its own schema only', (service, own) => {
    const files = sourcesOf(service);
    expect(files.length).toBeGreaterThan(0);
    const found = files.flatMap((file) =>
      foreignSchemaReferences(path.relative(repoRoot, file), fs.readFileSync(file, 'utf8'), own),
    );
    expect(found).toEqual([]);
  });

  it('the scan finds a cross-schema join, a QueryBuilder reference and an entity placed in another schema', () => {
    const source = [
      "await db.query('SELECT b.id FROM bills b JOIN bank_sync.bank_transactions t ON t.user_id = b.user_id');",
      'await db.query(`UPDATE "auth"."users" SET x = 1 WHERE id = ${id}`);',
      "qb.from('household.members', 'm');",
      "@Entity({ name: 'x', schema: 'blog' }) class X {}",
      // Its own schema, a transport pattern and prose are not references.
      "await db.query('SELECT * FROM finance.bills');",
      "client.send('bank-sync.full-sync', {}); client.emit('auth.directory.users-by-ids', {});",
      "const text = 'Your finance. Household settings';",
    ].join('\n');
    const found = foreignSchemaReferences('probe.ts', source, 'finance');
    expect(found.map(({ line, schema }) => [line, schema])).toEqual([
      [1, 'bank_sync'],
      [2, 'auth'],
      [3, 'household'],
      [4, 'blog'],
    ]);
  });
});
