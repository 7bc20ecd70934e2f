import { createHash } from 'node:crypto';
import { PRODUCT_NAME, REMINDER_MESSAGES as M } from '@payday/contracts';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);

// The product's colours (web-kit styles.css: --pc-primary #0f766e is 5.5:1 on white).
const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f8fafc;color:#0f172a;line-height:1.5}
main{max-width:32rem;margin:4rem auto;padding:0 1rem}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:1.5rem 1.5rem 1.75rem;box-shadow:0 1px 2px rgba(15,23,42,.06)}
.brand{font-weight:700;color:#0f766e;margin:0 0 1rem}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 .75rem}
p{margin:0 0 1rem}
button,.link{display:inline-block;font:inherit;font-weight:600;border-radius:8px;padding:.625rem 1.125rem;text-decoration:none;cursor:pointer}
button{background:#0f766e;color:#fff;border:0}
button:hover{background:#115e59}
button:focus-visible,.link:focus-visible{outline:3px solid #134e4a;outline-offset:2px}
.link{color:#0f766e;border:1px solid #0f766e;background:#fff}
@media (max-width:480px){main{margin:1.5rem auto}button,.link{display:block;width:100%;box-sizing:border-box;text-align:center}}
`;

/**
 * The page's own headers: a CSP stricter than the gateway's (no script at all, only this style by its hash, the
 * form posting back to this origin), no referrer (the token is in the URL), never cached or indexed.
 */
export const UNSUBSCRIBE_PAGE_HEADERS: Record<string, string> = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex',
  'content-security-policy': `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
};

export type UnsubscribePageState = 'ask' | 'done' | 'unknown';

/** The public unsubscribe page: asks first (a link scanner's GET changes nothing), then says reminders are off. */
export function unsubscribePage(state: UnsubscribePageState): string {
  const content = {
    ask: {
      title: M.unsubscribeTitle,
      body: `<p>${escapeHtml(M.unsubscribeQuestion)}</p><form method="post" enctype="text/plain"><button type="submit">${escapeHtml(M.unsubscribeButton)}</button></form>`,
    },
    done: { title: M.unsubscribedTitle, body: `<p role="status">${escapeHtml(M.unsubscribedBody)}</p><a class="link" href="/settings">Open Settings</a>` },
    unknown: { title: M.unsubscribeInvalidTitle, body: `<p>${escapeHtml(M.unsubscribeInvalidBody)}</p><a class="link" href="/settings">Open Settings</a>` },
  }[state];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(content.title)} · ${PRODUCT_NAME}</title>
<style>${STYLE}</style>
</head>
<body>
<main><div class="card">
<p class="brand">${PRODUCT_NAME}</p>
<h1>${escapeHtml(content.title)}</h1>
${content.body}
</div></main>
</body>
</html>
`;
}
