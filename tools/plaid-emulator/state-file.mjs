import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** The calls that change what an item holds; reads and public tokens (30 minutes) are not worth a write. */
const CHANGING_PATHS = new Set([
  '/item/public_token/exchange',
  '/sandbox/transactions/create',
  '/sandbox/item/reset_login',
  '/sandbox/item/repair',
  '/item/webhook/update',
  '/item/remove',
]);
const SAVE_DELAY_MS = 250;

/**
 * Keeps the item store in `stateFile` (when given): read once at start, written shortly after a changing
 * call (one write for a burst) and on close, through a temporary file and a rename so a crash never leaves
 * half a file. Without `stateFile` it does nothing.
 */
export function createStatePersistence({ stateFile, store, log }) {
  let timer = null;
  if (stateFile && existsSync(stateFile)) {
    try {
      store.restore(JSON.parse(readFileSync(stateFile, 'utf8')));
    } catch (error) {
      log(`plaid-emulator: ignoring unreadable ${stateFile} (${error.message})`);
    }
  }

  // The emulator runs inside the launcher: a full disk or a read-only folder must cost the saved state, never
  // the whole stack (an exception thrown from a timer would end the process).
  const save = () => {
    timer = null;
    try {
      mkdirSync(dirname(stateFile), { recursive: true });
      const temporary = `${stateFile}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify(store.snapshot()), { mode: 0o600 });
      renameSync(temporary, stateFile);
    } catch (error) {
      log(
        `plaid-emulator: could not save ${stateFile} (${error.message}); linked banks will not survive a restart`,
      );
    }
  };

  return {
    /** Wraps the route table so each changing call schedules a save. */
    watch(routes) {
      if (!stateFile) return routes;
      return Object.fromEntries(
        Object.entries(routes).map(([path, handler]) => [
          path,
          CHANGING_PATHS.has(path)
            ? async (context) => {
                const result = await handler(context);
                timer ??= setTimeout(save, SAVE_DELAY_MS);
                return result;
              }
            : handler,
        ]),
      );
    },
    flush() {
      if (!timer) return;
      clearTimeout(timer);
      save();
    },
  };
}
