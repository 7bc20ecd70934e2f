// @vitest-environment node
import { SERVED_DATA_ELEMENT_ID } from '@paycadence/contracts';
import { describe, expect, it } from 'vitest';
import { holdControls, servedDocument } from './served-document';

/** A copy as prerender.mjs writes one for /blog: data preloads, a starter, the marked loading view. */
const COPY = [
  '<!doctype html><html><head><meta name="description" content="The site." /><title>Blog | PayCadence</title>',
  '<link rel="preload" as="fetch" crossorigin href="/api/blog/posts">',
  '<link rel="preload" as="fetch" crossorigin href="/api/blog/posts?featured=true">',
  '<script defer src="/assets/start.js" data-entry="/assets/entry.js" data-preload="/a.js" data-fetch="/api/blog/posts/{slug}"></script>',
  '</head><body><div id="root" data-prerendered><header>Site header</header><main>',
  '<!--served-view--><div class="blog blog-list-page"><span>Loading blog posts...</span></div><!--/served-view-->',
  '</main><footer>Site footer</footer></div></body></html>',
].join('');

const servedData = (html: string): unknown => {
  const match = new RegExp(`<script type="application/json" id="${SERVED_DATA_ELEMENT_ID}">([^<]*)</script>`).exec(html);
  return match ? JSON.parse(match[1]) : undefined;
};

describe('servedDocument', () => {
  it("puts the rendered view in place of the copy's loading view and keeps the page around it", () => {
    const html = servedDocument(COPY, { html: '<div class="blog">Two posts</div>', data: [[['blog', 'posts'], [{ id: 1 }]]] });
    expect(html).toContain('<main><div class="blog">Two posts</div></main>');
    expect(html).not.toContain('Loading blog posts...');
    expect(html).toContain('<header>Site header</header>');
    expect(html).toContain('<footer>Site footer</footer>');
    expect(html).toContain('data-entry="/assets/entry.js" data-preload="/a.js"');
    expect(servedData(html)).toEqual({ '["blog","posts"]': [{ id: 1 }] });
    // The data element sits outside #root, which the app replaces.
    expect(html.indexOf(SERVED_DATA_ELEMENT_ID)).toBeGreaterThan(html.indexOf('</footer></div>'));
  });

  it('drops the early data requests: the data is in the page', () => {
    const html = servedDocument(COPY, { html: '<p>view</p>', data: [] });
    expect(html).not.toContain('rel="preload" as="fetch"');
    expect(html).not.toContain('data-fetch');
  });

  it('keeps text that would end the data element or open a comment inside the JSON', () => {
    const title = '</script><script>alert(1)</script><!--';
    const html = servedDocument(COPY, { html: '<p>view</p>', data: [[['blog', 'post', 'x'], { title }]] });
    expect(html).not.toContain('<script>alert(1)');
    expect(servedData(html)).toEqual({ '["blog","post","x"]': { title } });
  });

  it("writes a post's title, description and keywords into the head, escaped and taken literally", () => {
    const head = { title: 'Save $& "more" <now> | PayCadence', description: 'Bills & "paydays"', keywords: ['bills', 'payday'] };
    const html = servedDocument(COPY, { html: '<p>view</p>', data: [] }, head);
    expect(html).toContain('<title>Save $&amp; &quot;more&quot; &lt;now&gt; | PayCadence</title>');
    // Each keeps what the page had there, for the app to put back when the visitor leaves the post.
    expect(html).toContain('<meta name="description" content="Bills &amp; &quot;paydays&quot;" data-page-default="The site."');
    expect(html).toContain('<meta name="keywords" content="bills, payday" data-page-default=""></head>');
  });

  it("edits only the copy's head: a post's text that looks like a head tag stays in the body as rendered", () => {
    const view = { html: '<p>&lt;title&gt; is escaped, but a view could still say </head> in a comment</p>', data: [] };
    const html = servedDocument(COPY, view, { title: 'Post | PayCadence', description: 'About it.', keywords: [] });
    expect(html).toContain('<title>Post | PayCadence</title>');
    expect(html).toContain(view.html);
    expect(html.indexOf('<title>')).toBeLessThan(html.indexOf('</head>'));
  });

  it('answers a copy without the marks unchanged (a shell built before them, or its plain index.html)', () => {
    const plain = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';
    expect(servedDocument(plain, { html: '<p>view</p>', data: [[['blog', 'posts'], []]] })).toBe(plain);
  });
});

describe('holdControls', () => {
  it("holds the view's controls until the app takes over, as the copy's own are held", () => {
    const html = holdControls(
      '<form><input type="email" placeholder="Your e-mail"/><input type="checkbox"/><textarea></textarea>' +
        '<select><option>a</option></select><button class="pc-btn" type="submit">Count me in</button></form>',
    );
    expect(html).toBe(
      '<form><input readonly="" type="email" placeholder="Your e-mail"/><input disabled="" type="checkbox"/><textarea readonly=""></textarea>' +
        '<select disabled=""><option>a</option></select><button disabled="" class="pc-btn" type="submit">Count me in</button></form>',
    );
  });

  it('reads only the tags React wrote: escaped text and attribute values cannot pass for a tag or a type', () => {
    const html = '<p>&lt;button&gt;</p><input type="text" value="a &gt; b" data-note="type=&quot;checkbox&quot;"/>';
    expect(holdControls(html)).toBe('<p>&lt;button&gt;</p><input readonly="" type="text" value="a &gt; b" data-note="type=&quot;checkbox&quot;"/>');
  });
});
