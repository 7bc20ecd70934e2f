import { SERVED_DATA_ELEMENT_ID, SERVED_HEAD_DEFAULT_ATTRIBUTE, SERVED_VIEW_END, SERVED_VIEW_START, servedDataKey } from '@paycadence/contracts';
import type { PostHead } from '../src/blog/usePostHead';
import type { RenderedView } from './render-view';

// The page the page server answers: the shell's prerendered copy of the page (frontends/shell/scripts/prerender.mjs)
// with its loading view replaced by the view rendered with the data, and that data for the app.

const START = `<!--${SERVED_VIEW_START}-->`;
const END = `<!--${SERVED_VIEW_END}-->`;

/** The copy's early data requests (its starter's `data-fetch`, its `<link rel=preload as=fetch>`): the data is in the page now. */
const DATA_PRELOAD = /<link rel="preload" as="fetch"[^>]*>/g;
const STARTER_FETCH = / data-fetch="[^"]*"/;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON that cannot end its <script> element or open a comment: every '<' is written as \u003c. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The view's controls wait for the app, as the copy's own do (prerender.mjs's captureInPage, styled by web-kit's
 * `[data-prerendered]` rules): a click before the hand-over would do nothing, and typing would be lost. Safe on
 * React's markup: it escapes '<' in text and attribute values, so every match is a tag it wrote.
 */
export function holdControls(html: string): string {
  return html
    .replace(/<(button|select)\b/g, '<$1 disabled=""')
    .replace(/<textarea\b/g, '<textarea readonly=""')
    .replace(/<input\b([^>]*)>/g, (_tag, attributes: string) =>
      /\stype="(checkbox|radio|file)"/.test(attributes) ? `<input disabled=""${attributes}>` : `<input readonly=""${attributes}>`,
    );
}

/** Whether the copy marks a view the page server can fill (a copy from before the marks, or none at all, does not). */
export const hasServedView = (copy: string) => copy.includes(START) && copy.indexOf(END) > copy.indexOf(START);

/**
 * The copy with `view` in place of its marked view, the view's data in the served-data element before the
 * copy's </body> (outside #root, which the app replaces), and `head`'s title, description and keywords when
 * given (a post's). Answers the copy unchanged when it marks no view.
 */
export function servedDocument(copy: string, view: RenderedView, head?: PostHead): string {
  if (!hasServedView(copy)) return copy;
  // The head is edited on its own, so nothing in the page's body (a post's text) can be taken for a head tag.
  const headEnd = copy.indexOf('</head>');
  const start = copy.indexOf(START);
  const end = copy.indexOf(END, start) + END.length;
  const bodyEnd = copy.lastIndexOf('</body>');
  if (headEnd < 0 || bodyEnd < end || headEnd > start) return copy;
  const data = Object.fromEntries(view.data.map(([queryKey, value]) => [servedDataKey(queryKey), value]));
  const dataElement = `<script type="application/json" id="${SERVED_DATA_ELEMENT_ID}">${scriptSafeJson(data)}</script>`;
  return (
    servedHead(copy.slice(0, headEnd), head) +
    copy.slice(headEnd, start) +
    holdControls(view.html) +
    copy.slice(end, bodyEnd) +
    dataElement +
    copy.slice(bodyEnd)
  );
}

/**
 * The copy's head without its early data requests, and with a post's title, description and keywords. Each tag
 * written for the post keeps what the page had (SERVED_HEAD_DEFAULT_ATTRIBUTE), for usePostHead to put back when
 * the visitor leaves the post. Replacer functions: a title may hold '$&' or '$$', which a replacement string
 * would interpret.
 */
function servedHead(copyHead: string, head: PostHead | undefined): string {
  let served = copyHead.replace(DATA_PRELOAD, '').replace(STARTER_FETCH, '');
  if (!head) return served;
  served = served.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`);
  if (head.description) {
    served = served.replace(
      /<meta name="description" content="([^"]*)"/,
      (_tag, siteDescription: string) => `<meta name="description" content="${escapeHtml(head.description)}" ${SERVED_HEAD_DEFAULT_ATTRIBUTE}="${siteDescription}"`,
    );
  }
  if (head.keywords.length > 0) served += `<meta name="keywords" content="${escapeHtml(head.keywords.join(', '))}" ${SERVED_HEAD_DEFAULT_ATTRIBUTE}="">`;
  return served;
}
