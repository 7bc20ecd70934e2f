// Runs before the app's modules (a deferred script ahead of the module entry in index.html). Zod, every copy the
// shell and the remotes bundle, reads its settings from this global; with `jitless` set before any schema exists
// it never probes `new Function`, which the CSP (no 'unsafe-eval') would report as a violation on every page.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
