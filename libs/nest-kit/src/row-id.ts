const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Row ids are UUIDs. A malformed id cannot name any row, so services answer it with the same 404 as someone
 * else's id (never a 400 that would tell the two apart, never a database cast error).
 */
export function isRowId(id: string): boolean {
  return UUID.test(id);
}
