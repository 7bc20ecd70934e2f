// Its own module, free of schemas: the prerendered pages' starter (frontends/shell/src/prerender) reads the hint
// before the app loads, and must not bundle zod to do so.

/** Non-secret localStorage hint that a session cookie may exist, so a reload tries a refresh ('1' or absent). */
export const SIGNED_IN_HINT_KEY = 'paycadence.signed-in';
