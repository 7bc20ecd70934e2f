// @vitest-environment node
// The build renders the public pages on Node, with no browser and no DOM: this suite runs where the build does.
import { SERVED_VIEW_END, SERVED_VIEW_START } from '@paycadence/contracts';
import { describe, expect, it } from 'vitest';
import { holdControls, pageTitle, provideRemoteModules, renderPage } from './render-page';

function AboutPage() {
  return (
    <div className="about-page">
      <h1>Why we built it</h1>
      <form>
        <input type="email" name="email" />
        <input type="checkbox" name="news" />
        <button type="submit">Join</button>
      </form>
    </div>
  );
}

function BlogListPage() {
  return (
    <div className="blog blog-list-page">
      <h1>Blog</h1>
      <p>Loading blog posts...</p>
    </div>
  );
}

provideRemoteModules('public-site', {
  './AboutPage': { AboutPage },
  './BlogListPage': { BlogListPage, PAGE_DATA_CALLS: ['/api/blog/posts', '/api/blog/posts?featured=true'] },
});

describe('rendering a public page at build time', () => {
  it("renders the remote's page inside the shell's layout, as a signed-out visitor sees it", async () => {
    const { html, title, remote, dataUrls } = await renderPage('/about');
    expect(html).toContain('<h1>Why we built it</h1>');
    expect(html).toMatch(/^<div class="pc-app">/);
    expect(html).toContain('<header class="pc-header"');
    expect(html).toContain('<footer class="pc-footer"');
    // Signed out: the header offers Sign In.
    expect(html).toMatch(/<a class="pc-btn pc-btn--secondary" href="\/login"[^>]*>Sign In<\/a>/);
    expect(title).toBe('About | PayCadence');
    expect(remote).toEqual({ name: 'public-site', module: './AboutPage' });
    expect(dataUrls).toEqual([]);
  });

  it("holds the page's controls until the app takes over, and writes no script", async () => {
    const { html } = await renderPage('/about');
    expect(html).toContain('<input readonly="" type="email" name="email"/>');
    expect(html).toContain('<input disabled="" type="checkbox" name="news"/>');
    expect(html).toContain('<button disabled="" type="submit">Join</button>');
    expect(html).not.toMatch(/<script/i);
  });

  it("frames a data page's own view for the page server, and names its data calls", async () => {
    const { html, dataUrls, title } = await renderPage('/blog');
    expect(html).toContain(`<!--${SERVED_VIEW_START}--><div class="blog blog-list-page"><h1>Blog</h1><p>Loading blog posts...</p></div><!--${SERVED_VIEW_END}-->`);
    expect(html).not.toContain('<template');
    expect(dataUrls).toEqual(['/api/blog/posts', '/api/blog/posts?featured=true']);
    expect(title).toBe('Blog | PayCadence');
  });

  it("renders the shell's own public pages without a remote", async () => {
    const { html, title, remote } = await renderPage('/login');
    expect(html).toContain('Sign in</h1>');
    expect(html).toMatch(/<input readonly=""[^>]*type="password"/);
    expect(title).toBe('Sign In | PayCadence');
    expect(remote).toBeUndefined();
  });

  it('refuses a module that does not export the component its name promises', () => {
    expect(() => provideRemoteModules('public-site', { './TermsPage': { Terms: AboutPage } })).toThrow(/does not export TermsPage/);
  });
});

describe('pageTitle', () => {
  it("is the route's title with the product's name, or the bare name", () => {
    expect(pageTitle('/privacy')).toBe('Privacy Policy | PayCadence');
    expect(pageTitle('/blog/any-post')).toBe('Blog | PayCadence');
    expect(pageTitle('/')).toBe('PayCadence');
  });
});

describe('holdControls', () => {
  it('reads only the tags React wrote: escaped text and attribute values cannot pass for a tag or a type', () => {
    const html = '<p>&lt;button&gt;</p><input type="text" value="a &gt; b" data-note="type=&quot;checkbox&quot;"/><select><option>a</option></select><textarea></textarea>';
    expect(holdControls(html)).toBe(
      '<p>&lt;button&gt;</p><input readonly="" type="text" value="a &gt; b" data-note="type=&quot;checkbox&quot;"/><select disabled=""><option>a</option></select><textarea readonly=""></textarea>',
    );
  });
});
