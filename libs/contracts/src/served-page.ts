// How the shell's prerendered copy of a data page (frontends/shell/scripts/prerender.mjs) and
// public-site's page server (frontends/public-site/server) meet. The copy marks its page's own view with two
// comments; the page server puts the view rendered with the page's data between them, and the data itself in a
// JSON element that the app reads instead of asking the API again. Free of schemas, like session-hint.ts.

/** `<!--served-view-->` before the page's view in the copy, `<!--/served-view-->` after it. */
export const SERVED_VIEW_START = 'served-view';
export const SERVED_VIEW_END = '/served-view';

/**
 * `<script type="application/json" id="served-data">`: an object from a query's key (JSON.stringify of the
 * react-query key) to the data the page was rendered with.
 */
export const SERVED_DATA_ELEMENT_ID = 'served-data';

/** The served data's key for a react-query key. */
export const servedDataKey = (queryKey: readonly unknown[]): string => JSON.stringify(queryKey);

/**
 * On a head tag the page server wrote for a post (its description, its keywords): what the page had there
 * before, for the app to put back when the visitor leaves the post ('' when the page had no such tag).
 */
export const SERVED_HEAD_DEFAULT_ATTRIBUTE = 'data-page-default';
