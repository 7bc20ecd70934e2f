import { z } from 'zod';

// Zod compiles object parsers with `new Function` when it may. Under the app's CSP (script-src 'self', no
// 'unsafe-eval') its probe for that is refused and reported as a CSP violation on every page, though the plain
// parsers are used either way; `jitless` skips the probe. Zod keeps this setting on globalThis, so it covers every
// copy of zod the shell and the remotes bundle; web-kit's entry imports this module before anything parses.
z.config({ jitless: true });
