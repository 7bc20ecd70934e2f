import {
  BLOG_MESSAGES,
  BLOG_POST_DEFAULTS,
  MARKETING,
  SOCIAL_KEY_POINTS,
  SOCIAL_PLATFORMS,
  type SocialPlatformId,
} from '@paycadence/contracts';
import { ApiError } from '@paycadence/web-kit';
import { describe, expect, it } from 'vitest';
import { blogPost } from '../test/blog.js';
import { blockSummary, newBlock, parseContentText, withSourceField } from './content-blocks.js';
import { checkDraft, draftFromPost, newDraft, publishTimestamp, withSlug, withTitle } from './post-draft.js';
import { countPosts, filterPosts } from './post-filters.js';
import { saveErrorsOf } from './server-errors.js';
import {
  characterCount,
  generateSocialPost,
  hashtagsFor,
  keyPointsFor,
  PLATFORM_TIPS,
} from './social-post.js';

const ORIGIN = 'https://paycadence.test';

describe('social generator (pure)', () => {
  const seeded = {
    title: 'Teachers and the Summer Pay Gap',
    slug: 'teachers-and-the-summer-pay-gap',
    excerpt: 'Ten paychecks, twelve months of bills.',
    category: 'Strategy',
    content: { blocks: [] },
  };
  const other = {
    title: 'A New Post',
    slug: 'a-new-post',
    excerpt: 'Short excerpt.',
    category: 'Company',
    content: {
      blocks: [
        { type: 'heading', content: 'First idea' },
        { type: 'paragraph', content: 'x' },
        { type: 'heading', content: 'Second idea' },
      ],
    },
  };

  it.each([
    [
      'linkedin',
      'Key takeaways:\n• Ten-month pay leaves summer without a paycheck',
      'Read the full article: https://paycadence.test/blog/teachers-and-the-summer-pay-gap',
      '#FinancialWellness',
    ],
    [
      'twitter',
      '→ Ten-month pay leaves summer without a paycheck',
      'Read more: https://paycadence.test/blog/teachers-and-the-summer-pay-gap',
      '#Budgeting',
    ],
    [
      'facebook',
      'In this post:\n✓ Ten-month pay leaves summer without a paycheck',
      'Read it here: https://paycadence.test/blog/teachers-and-the-summer-pay-gap',
      `${MARKETING.betaLaunch} beta`,
    ],
    [
      'instagram',
      '✨ Ten-month pay leaves summer without a paycheck',
      'link in bio (https://paycadence.test/blog/teachers-and-the-summer-pay-gap)',
      '#MoneyTips',
    ],
  ] as Array<[SocialPlatformId, string, string, string]>)(
    "%s: title, excerpt, the slug's key points, the link and its hashtags",
    (platform, points, link, tag) => {
      const text = generateSocialPost(seeded, platform, ORIGIN);
      expect(text.startsWith(`${seeded.title}\n\n${seeded.excerpt}\n\n`)).toBe(true);
      expect(text).toContain(points);
      expect(text).toContain(link);
      expect(text).toContain(tag);
      expect(text).toContain('#Strategy');
      const limit = SOCIAL_PLATFORMS.find((p) => p.id === platform)!.limit;
      expect(characterCount(text)).toBeLessThanOrEqual(limit);
      expect(PLATFORM_TIPS[platform].length).toBeGreaterThan(0);
    },
  );

  it('picks key points by slug, else from the headings, else from list items, at most three', () => {
    expect(keyPointsFor(seeded)).toEqual(SOCIAL_KEY_POINTS['teachers-and-the-summer-pay-gap']);
    expect(keyPointsFor(other)).toEqual(['First idea', 'Second idea']);
    expect(
      keyPointsFor({
        ...other,
        content: {
          blocks: [{ type: 'bullet_list', items: ['a', { title: 'b', description: 'd' }, 'c', 'd'] }],
        },
      }),
    ).toEqual(['a', 'b', 'c']);
    expect(generateSocialPost({ ...other, content: { blocks: [] } }, 'linkedin', ORIGIN)).not.toContain(
      'Key takeaways',
    );
  });

  it('gives the Company category no tag of its own and a trailing slash of the origin no double slash', () => {
    expect(hashtagsFor('twitter', 'Company')).toEqual(['#PersonalFinance', '#Budgeting', '#PayCadence']);
    expect(generateSocialPost(other, 'twitter', `${ORIGIN}/`)).toContain(
      'https://paycadence.test/blog/a-new-post',
    );
  });

  it('counts characters as people do (an emoji is one)', () => {
    expect(characterCount('✨ ok')).toBe(4);
    expect(characterCount('👍')).toBe(1);
  });
});

describe('post draft', () => {
  it('takes the defaults of docs/product/signed-in.md §9 and today', () => {
    const draft = newDraft(new Date(2026, 10, 25, 23, 30));
    expect(draft).toMatchObject({
      author: BLOG_POST_DEFAULTS.author,
      category: 'Company',
      read_time: '3 min read',
      featured: false,
      published: true,
      publish_date: '2026-11-25',
    });
  });

  it('follows the title with the slug until the slug is edited', () => {
    let draft = withTitle(newDraft(), 'Hello, World!  Again');
    expect(draft.slug).toBe('hello-world-again');
    draft = withSlug(draft, 'mine');
    expect(withTitle(draft, 'Changed').slug).toBe('mine');
    expect(draftFromPost(blogPost()).slugEdited).toBe(true);
  });

  it('sends the publish date as a full ISO timestamp', () => {
    expect(publishTimestamp('2026-06-01')).toBe('2026-06-01T00:00:00.000Z');
    expect(publishTimestamp('')).toBeNull();
  });

  it("checks title and slug with the contract's messages, then that the content is JSON", () => {
    const empty = checkDraft(newDraft(), '{"blocks": []}');
    expect(empty).toEqual({
      ok: false,
      reason: 'fields',
      errors: { title: 'Title is required', slug: 'Slug is required' },
    });
    const named = withTitle(newDraft(), 'Named');
    expect(checkDraft(named, '{oops')).toEqual({ ok: false, reason: 'invalid-json' });
    expect(checkDraft(named, '')).toEqual({ ok: false, reason: 'invalid-json' });
    // A blocks array is not enforced here (docs/product/signed-in.md §5): the server says so.
    const sent = checkDraft(named, '{"other": 1}');
    expect(sent.ok && sent.body.content).toEqual({ other: 1 });
  });
});

describe('content blocks', () => {
  it('parses text into content only when it has a blocks array', () => {
    expect(parseContentText('{"blocks": [{"type": "intro", "content": "x"}]}')).toMatchObject({
      ok: true,
      content: { blocks: [{ type: 'intro' }] },
    });
    expect(parseContentText('[1]')).toEqual({ ok: true, value: [1], content: null });
    expect(parseContentText('{')).toEqual({ ok: false });
  });

  it('makes new blocks with the defaults and drops emptied optional source fields', () => {
    expect(newBlock('heading')).toEqual({ type: 'heading', level: 2, content: '' });
    expect(newBlock('callout')).toEqual({ type: 'callout', style: 'teal', content: '' });
    expect(withSourceField({ title: 'T', url: 'u', author: 'A' }, 'author', '')).toEqual({
      title: 'T',
      url: 'u',
    });
    expect(withSourceField({ title: 'T', url: 'u' }, 'title', '')).toEqual({ title: '', url: 'u' });
  });

  it('summarises blocks without an editor', () => {
    expect(blockSummary({ type: 'faq_section', title: 'Common questions', faqs: [{}, {}] })).toBe(
      'faq_section · Common questions · 2 questions',
    );
    expect(blockSummary({ type: 'cta_section', title: 'Join' })).toBe('cta_section · Join');
  });
});

describe('filters and server errors', () => {
  it('counts and filters by published, draft and featured', () => {
    const posts = [blogPost(), blogPost({ published: false, featured: true }), blogPost({ featured: true })];
    expect(countPosts(posts)).toEqual({ all: 3, published: 2, draft: 1, featured: 2 });
    expect(filterPosts(posts, 'draft')).toEqual([posts[1]]);
  });

  it('spreads a 400 over fields, content and blocks, and puts a 409 at the slug', () => {
    const errors = saveErrorsOf(
      new ApiError(400, 'x', {
        content: 'Content must have a blocks array',
        'content.blocks.2.style': 'bad style',
        title: 'Title is required',
        _: 'ignored',
      }),
    );
    expect(errors).toEqual({
      fields: { title: 'Title is required' },
      content: ['Content must have a blocks array', 'Block 3: bad style'],
      blocks: { 2: ['bad style'] },
    });
    expect(saveErrorsOf(new ApiError(409, 'A post with this slug already exists')).fields.slug).toBe(
      'A post with this slug already exists',
    );
  });

  it('says one thing for a message that names its own block (\'Invalid block type "video" at index 0\')', () => {
    const message = BLOG_MESSAGES.invalidBlockType('video', 0);
    const errors = saveErrorsOf(
      new ApiError(400, message, { 'content.blocks.0.type': message, 'content.blocks.1.level': 'bad level' }),
    );
    expect(errors.content).toEqual([message, 'Block 2: bad level']);
    expect(errors.blocks).toEqual({ 0: [message], 1: ['bad level'] });
  });

  it('leaves an edit conflict (409, errors.updated_at) off the slug; a 409 with errors.slug stays there', () => {
    const conflict = saveErrorsOf(
      new ApiError(409, BLOG_MESSAGES.editConflict, { updated_at: BLOG_MESSAGES.editConflict }),
    );
    expect(conflict).toEqual({ fields: {}, content: [], blocks: {} });
    expect(
      saveErrorsOf(new ApiError(409, BLOG_MESSAGES.slugTaken, { slug: BLOG_MESSAGES.slugTaken })).fields,
    ).toEqual({ slug: BLOG_MESSAGES.slugTaken });
  });

  it('sends back when the loaded post was last changed, and nothing of the kind for a new post', () => {
    const post = blogPost({ updated_at: '2026-03-01T08:30:00.000Z' });
    const edited = checkDraft(draftFromPost(post), JSON.stringify(post.content));
    expect(edited.ok && edited.body.updated_at).toBe('2026-03-01T08:30:00.000Z');
    const created = checkDraft(withTitle(newDraft(), 'New'), '{"blocks": []}');
    expect(created.ok && 'updated_at' in created.body).toBe(false);
  });
});
