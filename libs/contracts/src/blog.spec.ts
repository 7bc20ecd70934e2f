import { describe, expect, it } from 'vitest';
import { BLOG_MESSAGES, BlogPostInputSchema, SLUG_PATTERN, isPostImageUrl, isSafeLink, slugify } from './blog.js';
import { fieldErrors } from './errors.js';

const post = (content: unknown, extra: Record<string, unknown> = {}) => BlogPostInputSchema.safeParse({ title: 'A post', slug: 'a-post', content, ...extra });
const errorsOf = (content: unknown, extra?: Record<string, unknown>) => {
  const result = post(content, extra);
  return result.success ? {} : fieldErrors(result.error);
};

describe('slugify (docs/product/signed-in.md §3)', () => {
  it.each([
    ['Why We Built PayCadence: Bills Should Wait', 'why-we-built-paycadence-bills-should-wait'],
    ['  Teachers &  the Summer -- Gap  ', 'teachers-the-summer-gap'],
    ['Budget tips -', 'budget-tips'],
    ['- 5 ways', '5-ways'],
  ])('%j → %j', (title, slug) => expect(slugify(title)).toBe(slug));

  it('always gives a slug the server accepts when the title has a letter or digit', () => {
    for (const title of ['a', 'A-b', '-x-', 'x - - y', '¡Hola!  mundo ', '2026 — plan', 'a\tb\nc']) {
      expect(SLUG_PATTERN.test(slugify(title))).toBe(true);
    }
  });
});

describe('post content (docs/product/accounts.md §5)', () => {
  it("refuses content without a blocks array with the product's message", () => {
    expect(errorsOf(null)).toEqual({ content: BLOG_MESSAGES.contentNeedsBlocks });
    expect(errorsOf({ blocks: 'x' })).toEqual({ content: BLOG_MESSAGES.contentNeedsBlocks });
  });

  it("names an unknown block type and its index with the product's message", () => {
    expect(errorsOf({ blocks: [{ type: 'paragraph', content: 'ok' }, { type: 'script' }] })).toEqual({
      'content.blocks.1.type': 'Invalid block type "script" at index 1',
    });
  });

  it('names a type that is not text by its kind, however deeply it nests', () => {
    // String() of 50,000 nested arrays joins them recursively and overflows the stack (a 500 in the fuzz).
    const deep = JSON.parse(`${'['.repeat(50_000)}"bottom"${']'.repeat(50_000)}`);
    expect(errorsOf({ blocks: [{ type: deep }, { type: { a: 1 } }, { type: 7 }] })).toEqual({
      'content.blocks.0.type': 'Invalid block type "array" at index 0',
      'content.blocks.1.type': 'Invalid block type "object" at index 1',
      'content.blocks.2.type': 'Invalid block type "7" at index 2',
    });
  });

  it('checks each block: heading level, callout style, cta target and links', () => {
    const errors = errorsOf({
      blocks: [
        { type: 'heading', level: 5, content: 'h' },
        { type: 'callout', style: 'pink', content: 'c' },
        { type: 'cta_section', title: 't', form: { api_endpoint: 'https://elsewhere.example/collect', source: 'blog', button_text: 'Go' } },
        { type: 'cta_section', title: 't', button_text: 'Go', button_link: 'javascript:alert(1)' },
        { type: 'sources_section', sources: [{ title: 's', url: 'ftp://example.org/x' }] },
      ],
    });
    expect(Object.keys(errors).sort()).toEqual([
      'content.blocks.0.level',
      'content.blocks.1.style',
      'content.blocks.2.form.api_endpoint',
      'content.blocks.3.button_link',
      'content.blocks.4.sources.0.url',
    ]);
  });

  it('fills the editor defaults (heading level 2, callout teal) and keeps valid blocks', () => {
    const result = post({ blocks: [{ type: 'heading', content: 'h' }, { type: 'callout', content: 'c' }, { type: 'bullet_list', items: ['a', { title: 'b', description: 'c' }] }] });
    expect(result.success && result.data.content.blocks).toEqual([
      { type: 'heading', level: 2, content: 'h' },
      { type: 'callout', style: 'teal', content: 'c' },
      { type: 'bullet_list', items: ['a', { title: 'b', description: 'c' }] },
    ]);
  });

  it("takes a cta form's source by the waitlist's own rule", () => {
    const form = (source: string) => ({ blocks: [{ type: 'cta_section', title: 't', form: { api_endpoint: '/api/waitlist/join', source, button_text: 'Join' } }] });
    expect(post(form('blog-cta')).success).toBe(true);
    expect(errorsOf(form('Blog CTA'))).toHaveProperty(['content.blocks.0.form.source']);
  });
});

describe('links and images', () => {
  it('allows http(s) and site paths only', () => {
    expect(['https://example.org', 'http://example.org/a', '/register'].every(isSafeLink)).toBe(true);
    expect(['javascript:alert(1)', ' javascript:x', '//evil.example', 'data:text/html,x', '/\\evil'].some(isSafeLink)).toBe(false);
  });

  it('takes an image URL that is http(s) or a name the service hands out', () => {
    expect(isPostImageUrl('https://cdn.example.org/a.png')).toBe(true);
    expect(isPostImageUrl('/api/blog/images/AbCdEfGhIjKlMnOpQrSt.png')).toBe(true);
    expect(isPostImageUrl('/api/blog/images/AbCdEfGhIjKlMnOpQrSt.html')).toBe(false);
    expect(isPostImageUrl('/api/blog/images/../admin.png')).toBe(false);
    expect(isPostImageUrl('data:image/png;base64,AAAA')).toBe(false);
  });
});
