// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { chunkAssets, prerenderedDocument } from './prerender.mjs';

// A Vite manifest as a federated build writes one: a page chunk importing shared chunks, one with a stylesheet.
const MANIFEST = {
  'src/blog/BlogListPage.tsx': { file: 'assets/BlogListPage-a1.js', isEntry: true, imports: ['_BlogListPage-b2.js'] },
  '_BlogListPage-b2.js': { file: 'assets/BlogListPage-b2.js', imports: ['_PostMeta-c3.js', '_utils-d4.js'] },
  '_PostMeta-c3.js': { file: 'assets/PostMeta-c3.js', imports: ['_utils-d4.js'], css: ['assets/PostMeta-c3.css'] },
  '_utils-d4.js': { file: 'assets/utils-d4.js' },
};

describe('chunkAssets', () => {
  it("lists a chunk's file, its static imports' once each, and their stylesheets, under the build's base", () => {
    expect(chunkAssets(MANIFEST, 'src/blog/BlogListPage.tsx', '/remotes/public-site/')).toEqual({
      scripts: [
        '/remotes/public-site/assets/BlogListPage-a1.js',
        '/remotes/public-site/assets/BlogListPage-b2.js',
        '/remotes/public-site/assets/PostMeta-c3.js',
        '/remotes/public-site/assets/utils-d4.js',
      ],
      stylesheets: ['/remotes/public-site/assets/PostMeta-c3.css'],
    });
  });

  it('fails the build on a chunk the manifest does not have', () => {
    expect(() => chunkAssets(MANIFEST, 'src/pages/Nope.tsx', '/')).toThrow(/no chunk src\/pages\/Nope\.tsx/);
  });
});

describe('prerenderedDocument', () => {
  const INDEX = [
    '<!doctype html><html><head><script defer src="/zod-jitless.js"></script><title>PayCadence</title>',
    '<script type="module" crossorigin src="/assets/entry-1.js"></script>',
    '<link rel="modulepreload" crossorigin href="/assets/react-2.js">',
    '</head><body><div id="root"></div></body></html>',
  ].join('\n');

  it("puts the markup in #root and the starter in place of the app's entry, with every module to preload", () => {
    const html = prerenderedDocument(
      INDEX,
      {
        html: '<div class="pc-app"><h1>Save $&amp; $$</h1></div>',
        title: 'Blog | PayCadence',
        stylesheets: ['/assets/bootstrap-3.css'],
        dataUrls: ['/api/blog/posts', '/api/blog/posts/{slug}'],
        moduleUrls: ['/assets/bootstrap-4.js', '/assets/react-2.js'],
      },
      '/assets/start-after-paint-5.js',
    );
    expect(html).toContain('<div id="root" data-prerendered><div class="pc-app"><h1>Save $&amp; $$</h1></div></div>');
    expect(html).toContain('<title>Blog | PayCadence</title>');
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain(
      '<script defer src="/assets/start-after-paint-5.js" data-entry="/assets/entry-1.js" data-preload="/assets/react-2.js /assets/bootstrap-4.js" data-fetch="/api/blog/posts/{slug}"></script>',
    );
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/bootstrap-3.css"><link rel="preload" as="fetch" crossorigin href="/api/blog/posts"></head>');
    // Only the two classic scripts the CSP allows from 'self': no inline script.
    expect(html.match(/<script\b[^>]*>/g)).toEqual(['<script defer src="/zod-jitless.js">', expect.stringContaining('start-after-paint-5.js')]);
  });
});
