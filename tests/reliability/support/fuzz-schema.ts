// A plausible valid body for any contracts schema, read from the schema itself (zod 4's `_zod.def`), so a new
// endpoint gets bodies the day it is added. Field names the product gives a meaning (email, amount, due_date...)
// get values of that meaning, so a mutation of ONE field reaches as deep as a real request would.
import type { z } from 'zod';
import type { Random } from './fuzz-random';

export interface SampleContext {
  random: Random;
  /** The signed-in user's id for `userId` / `user_id` fields (null: a random id). */
  userId: string | null;
}

const PASSWORD = 'Calm-Bills-2026!';

/** Values by field name; anything else is derived from the schema. */
function namedSample(name: string, context: SampleContext): unknown {
  const { random } = context;
  switch (name) {
    case 'email':
    case 'userEmail':
      return `fuzz-${random.uuid().slice(0, 12)}@example.com`;
    case 'password':
    case 'confirmPassword':
      return PASSWORD;
    case 'amount':
    case 'target_amount':
    case 'current_amount':
      return 12.5;
    case 'due_date':
    case 'dueDate':
    case 'next_date':
    case 'nextDate':
    case 'suggestedDueDate':
    case 'suggestedNextDate':
    case 'target_date':
      return '2026-12-01';
    case 'dateOfBirth':
      return '1990-04-12';
    case 'phone':
      return '555-201-3344';
    case 'ssn':
      return '1234';
    case 'zipCode':
      return '73301';
    case 'state':
      return 'TX';
    case 'userId':
    case 'user_id':
      return context.userId ?? random.uuid();
    case 'token':
      return random.chance(0.5) ? '123456' : `${random.uuid()}${random.uuid()}`.replace(/-/g, '');
    case 'household_id':
      return null; // personal, so a create reaches the database (a random household is another mutation)
    case 'item_id':
      return random.uuid();
    case 'slug':
      return `fuzz-${random.uuid().slice(0, 8)}`;
    case 'source':
      return 'homepage';
    case 'institution_id':
      return 'ins_109508';
    case 'username':
      return 'user_good';
    case 'public_token':
      return `public-sandbox-${random.uuid()}`;
    case 'content':
      return { blocks: [{ type: 'paragraph', content: 'Fuzz paragraph' }] };
    case 'image_url':
    case 'url':
      return 'https://example.com/a.png';
    case 'publish_date':
    case 'updated_at':
      return null;
    default:
      return undefined;
  }
}

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  element?: z.ZodType;
  options?: z.ZodType[];
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** A value the schema (probably) accepts; `name` is the field it sits in. */
export function sampleValue(schema: z.ZodType, context: SampleContext, name = '', depth = 0): unknown {
  const named = name ? namedSample(name, context) : undefined;
  if (named !== undefined || (name && ['household_id', 'publish_date', 'updated_at'].includes(name))) return named;
  if (depth > 8) return null;
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        const value = sampleValue(field, context, key, depth + 1);
        if (value !== undefined) out[key] = value;
      }
      return out;
    }
    case 'optional':
    case 'default':
    case 'prefault':
    case 'nullable':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return sampleValue(def.innerType!, context, name, depth + 1);
    case 'pipe': {
      // preprocess(fn, object) is a pipe from a transform to the object: the object says what to send.
      const input = defOf(def.in!).type;
      return sampleValue(input === 'transform' || input === 'unknown' ? def.out! : def.in!, context, name, depth + 1);
    }
    case 'lazy':
      return sampleValue(def.getter!(), context, name, depth + 1);
    case 'string':
      return 'Fuzz text';
    case 'number':
    case 'bigint':
      return 1;
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'array':
      return [sampleValue(def.element!, context, '', depth + 1)];
    case 'union':
      return sampleValue(def.options![0], context, name, depth + 1);
    case 'record':
      return {};
    default:
      return 'Fuzz text';
  }
}

/** Every path to a field inside a body (`['address', 'city']`), for single-field mutations. */
export function fieldPaths(value: unknown, prefix: string[] = [], depth = 0): string[][] {
  if (typeof value !== 'object' || value === null || depth > 5) return [];
  const paths: string[][] = [];
  for (const [key, child] of Object.entries(value)) {
    const path = [...prefix, key];
    paths.push(path);
    paths.push(...fieldPaths(child, path, depth + 1));
  }
  return paths;
}

/** A deep copy of `body` with the field at `path` set to `value` (or removed when value is undefined). */
export function withField(body: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
  const last = path[path.length - 1];
  if (value === undefined) delete target[last];
  else target[last] = value;
  return copy;
}
