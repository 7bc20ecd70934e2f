import { createHash } from 'node:crypto';
import {
  PRODUCT_NAME,
  REMINDER_MESSAGES,
  REMINDER_UNSUBSCRIBE_CHECK_PATH,
  REMINDER_UNSUBSCRIBE_PATH,
  REMINDER_UNSUBSCRIBE_SCRIPT_PATH,
  REMINDER_UNSUBSCRIBE_TOKEN_PATTERN,
} from '@paycadence/contracts';
import { escapeHtml } from '@paycadence/nest-kit';

// The product's colours (web-kit styles.css: --pc-primary #0f766e is 5.5:1 on white).
const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f8fafc;color:#0f172a;line-height:1.5}
main{max-width:32rem;margin:4rem auto;padding:0 1rem}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:1.5rem 1.5rem 1.75rem;box-shadow:0 1px 2px rgba(15,23,42,.06)}
.brand{font-weight:700;color:#0f766e;margin:0 0 1rem}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 .75rem}
h1:focus{outline:none}
p{margin:0 0 1rem}
[hidden]{display:none!important}
.error{color:#b91c1c}
button,.link{display:inline-block;font:inherit;font-weight:600;border-radius:8px;padding:.625rem 1.125rem;text-decoration:none;cursor:pointer}
button{background:#0f766e;color:#fff;border:0}
button:hover{background:#115e59}
button:disabled{opacity:.7;cursor:wait}
button:focus-visible,.link:focus-visible{outline:3px solid #134e4a;outline-offset:2px}
.link{color:#0f766e;border:1px solid #0f766e;background:#fff}
@media (max-width:480px){main{margin:1.5rem auto}button,.link{display:block;width:100%;box-sizing:border-box;text-align:center}}
`;

/** Where the script keeps the link's token for this tab, so reloading the page (whose address no longer has it) still works. */
export const UNSUBSCRIBE_TOKEN_KEY = 'paycadence:reminder-unsubscribe';

/**
 * The page's script. The token is in the link's fragment, which only a script can read: it reads it, takes it out
 * of the address bar and the history entry, asks finance whether the link still works (so an unknown link says so
 * before anything is asked, as the page always did), and turns reminders off when the button is pressed. The token
 * travels only in request bodies. Finance serves it as a file: the page's CSP allows no inline script.
 */
export const UNSUBSCRIBE_SCRIPT = `'use strict';
(() => {
  const CHECK = ${JSON.stringify(REMINDER_UNSUBSCRIBE_CHECK_PATH)};
  const UNSUBSCRIBE = ${JSON.stringify(REMINDER_UNSUBSCRIBE_PATH)};
  const KEY = ${JSON.stringify(UNSUBSCRIBE_TOKEN_KEY)};
  const SHAPE = ${REMINDER_UNSUBSCRIBE_TOKEN_PATTERN.toString()};
  const PRODUCT = ${JSON.stringify(PRODUCT_NAME)};
  // Storage may be refused (a privacy mode): the page then works for the link as opened.
  const stored = (use) => {
    try {
      return use(window.sessionStorage);
    } catch {
      return null;
    }
  };
  let token = new URLSearchParams(location.hash.slice(1)).get('token');
  if (token !== null) {
    stored((storage) => storage.setItem(KEY, token));
    history.replaceState(history.state, '', location.pathname + location.search);
  } else {
    token = stored((storage) => storage.getItem(KEY)) || '';
  }
  const show = (state, focus) => {
    for (const section of document.querySelectorAll('[data-state]')) section.hidden = section.getAttribute('data-state') !== state;
    const heading = document.querySelector('[data-state="' + state + '"] h1');
    document.title = heading.textContent + ' \\u00b7 ' + PRODUCT;
    if (focus) heading.focus();
  };
  const send = (path) =>
    fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
      credentials: 'omit',
      cache: 'no-store',
    });
  const form = document.querySelector('[data-state="ask"] form');
  const button = form.querySelector('button');
  const failed = document.querySelector('[data-failed]');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    failed.hidden = true;
    button.disabled = true;
    try {
      const answer = await send(UNSUBSCRIBE);
      if (answer.ok) return show('done', true);
      if (answer.status === 404) return show('unknown', true);
      failed.hidden = false;
    } catch {
      failed.hidden = false;
    } finally {
      button.disabled = false;
    }
  });
  if (!SHAPE.test(token)) return show('unknown');
  // Finance unreachable: ask anyway; pressing the button says whether it worked.
  send(CHECK).then(
    (answer) => show(answer.status === 404 ? 'unknown' : 'ask'),
    () => show('ask'),
  );
})();
`;

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');

/**
 * The page's own headers: a CSP stricter than the gateway's (scripts only from this origin, which serves the one
 * above; requests only back to it; only this style, by its hash), no referrer, never cached or indexed.
 */
export const UNSUBSCRIBE_PAGE_HEADERS: Record<string, string> = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex',
  'content-security-policy': `default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'sha256-${sha256(STYLE)}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
};

/** The script's headers: it changes with a deployment only, so browsers check before reusing it. */
export const UNSUBSCRIBE_SCRIPT_HEADERS: Record<string, string> = {
  'content-type': 'text/javascript; charset=utf-8',
  'cache-control': 'no-cache',
  'x-robots-tag': 'noindex',
};

export type UnsubscribePageState = 'checking' | 'ask' | 'done' | 'unknown';

const settingsLink = '<a class="link" href="/settings">Open Settings</a>';

/** Each state the page can be in: its heading and what it says. The script shows one at a time. */
const SECTIONS: Record<UnsubscribePageState, { title: string; body: string }> = {
  checking: {
    title: REMINDER_MESSAGES.unsubscribeTitle,
    body: `<p role="status">${escapeHtml(REMINDER_MESSAGES.unsubscribeChecking)}</p><noscript><p>${escapeHtml(REMINDER_MESSAGES.unsubscribeNeedsScript)}</p></noscript>`,
  },
  // Asks first: a link scanner that opens the page changes nothing.
  ask: {
    title: REMINDER_MESSAGES.unsubscribeTitle,
    body: `<p>${escapeHtml(REMINDER_MESSAGES.unsubscribeQuestion)}</p><form><button type="submit">${escapeHtml(REMINDER_MESSAGES.unsubscribeButton)}</button></form><p class="error" role="alert" data-failed hidden>${escapeHtml(REMINDER_MESSAGES.unsubscribeFailed)}</p>`,
  },
  done: { title: REMINDER_MESSAGES.unsubscribedTitle, body: `<p role="status">${escapeHtml(REMINDER_MESSAGES.unsubscribedBody)}</p>${settingsLink}` },
  unknown: { title: REMINDER_MESSAGES.unsubscribeInvalidTitle, body: `<p>${escapeHtml(REMINDER_MESSAGES.unsubscribeInvalidBody)}</p>${settingsLink}` },
};

/**
 * The public unsubscribe page. It holds every state and shows 'checking' until its script has read the link;
 * the same for every visitor, since the token never reaches the server with the page's request.
 */
export function unsubscribePage(): string {
  const sections = (Object.keys(SECTIONS) as UnsubscribePageState[])
    .map((state) => {
      const { title, body } = SECTIONS[state];
      return `<section data-state="${state}"${state === 'checking' ? '' : ' hidden'}>\n<h1 tabindex="-1">${escapeHtml(title)}</h1>\n${body}\n</section>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(REMINDER_MESSAGES.unsubscribeTitle)} · ${PRODUCT_NAME}</title>
<style>${STYLE}</style>
<script src="${REMINDER_UNSUBSCRIBE_SCRIPT_PATH}" defer></script>
</head>
<body>
<main><div class="card">
<p class="brand">${PRODUCT_NAME}</p>
${sections}
</div></main>
</body>
</html>
`;
}
