import { BLOG_IMAGE_LIMITS, BLOG_MESSAGES, BLOG_POST_DEFAULTS } from '@paycadence/contracts';
import { renderWithProviders } from '@paycadence/web-kit/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN } from '../test/fixtures.js';
import { blogPost, serveBlogApi, type BlogStubServer } from '../test/blog.js';
import { fail, never } from '../test/server.js';
import { PREVIEW_DELAY_MS } from './ImageField.js';
import {
  BLOCKS_LOCKED_NOTE,
  DISCARD_QUESTION,
  DISCARD_TITLE,
  PostEditor,
  RELOAD_FAILED,
  RELOAD_GONE,
  RELOAD_LABEL,
  RELOAD_QUESTION,
} from './PostEditor.js';
import { today } from './post-draft.js';

let server: BlogStubServer;
const onSaved = vi.fn();
const onClose = vi.fn();
const onReload = vi.fn();
beforeEach(() => {
  onSaved.mockReset();
  onClose.mockReset();
  onReload.mockReset();
  server = serveBlogApi({ createPost: () => blogPost(), updatePost: () => blogPost() });
});
afterEach(() => vi.unstubAllGlobals());

const renderEditor = (post: ReturnType<typeof blogPost> | null = null) =>
  renderWithProviders(<PostEditor post={post} onClose={onClose} onSaved={onSaved} onReload={onReload} />, { user: ADMIN });
const jsonArea = () => screen.getByLabelText('Content (JSON)') as HTMLTextAreaElement;
const jsonValue = () => JSON.parse(jsonArea().value) as { blocks: Array<Record<string, unknown>> };
const setJson = (value: string) => fireEvent.change(jsonArea(), { target: { value } });
const block = (n: number) => screen.getByRole('group', { name: new RegExp(`^Block ${n}:`) });
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save Post' }));

describe('Post editor (docs/product/signed-in.md §2, §3, §4, §5)', () => {
  it('opens a new post with the defaults of docs/product/signed-in.md §9', () => {
    renderEditor();
    expect(screen.getByRole('heading', { level: 2, name: 'Create New Post' })).toHaveFocus();
    expect(screen.getByLabelText('Author')).toHaveValue(BLOG_POST_DEFAULTS.author);
    expect(screen.getByLabelText('Category')).toHaveValue('Company');
    expect(screen.getByLabelText('Read time')).toHaveValue('3 min read');
    expect(screen.getByLabelText('Publish date')).toHaveValue(today());
    expect(screen.getByLabelText('Featured')).not.toBeChecked();
    expect(screen.getByLabelText('Published')).toBeChecked();
    expect(jsonValue()).toEqual({ blocks: [] });
    expect(
      within(screen.getByLabelText('Category'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Company', 'Psychology', 'Parenting', 'Strategy', 'Freelancing', 'Technology']);
  });

  it('derives the slug from the title until the slug is edited by hand', async () => {
    renderEditor();
    await userEvent.type(screen.getByLabelText(/^Title/), "Summer's  Pay -- Gap!");
    expect(screen.getByLabelText(/^Slug/)).toHaveValue('summers-pay-gap');
    await userEvent.clear(screen.getByLabelText(/^Slug/));
    await userEvent.type(screen.getByLabelText(/^Slug/), 'my-slug');
    await userEvent.type(screen.getByLabelText(/^Title/), ' more');
    expect(screen.getByLabelText(/^Slug/)).toHaveValue('my-slug');
  });

  it('keeps the slug of a post being edited when its title changes', async () => {
    renderEditor(blogPost());
    expect(screen.getByRole('heading', { level: 2, name: 'Edit Post' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Title/), ' (updated)');
    expect(screen.getByLabelText(/^Slug/)).toHaveValue('teachers-and-the-summer-pay-gap');
  });

  it('writes the JSON when a block is added or edited, and removes it again', async () => {
    renderEditor();
    await userEvent.click(screen.getByRole('button', { name: '+ Paragraph' }));
    await userEvent.click(screen.getByRole('button', { name: '+ Heading' }));
    await userEvent.click(screen.getByRole('button', { name: '+ Callout' }));
    await userEvent.click(screen.getByRole('button', { name: '+ Add Sources Section' }));
    expect(jsonValue().blocks.map((b) => b.type)).toEqual([
      'paragraph',
      'heading',
      'callout',
      'sources_section',
    ]);
    expect(jsonValue().blocks[1]).toEqual({ type: 'heading', level: 2, content: '' });
    expect(jsonValue().blocks[2]).toEqual({ type: 'callout', style: 'teal', content: '' });

    await userEvent.type(within(block(1)).getByLabelText('Text'), 'Hello');
    await userEvent.selectOptions(within(block(2)).getByLabelText('Level'), 'H3');
    await userEvent.type(within(block(2)).getByLabelText('Heading text'), 'Why');
    await userEvent.selectOptions(within(block(3)).getByLabelText('Style'), 'Yellow');
    await userEvent.click(within(block(4)).getByRole('button', { name: '+ Add Source' }));
    await userEvent.type(within(block(4)).getByLabelText('Title'), 'Fed report');
    await userEvent.type(within(block(4)).getByLabelText('URL'), 'https://example.org/r');
    await userEvent.type(within(block(4)).getByLabelText('Year'), '2024');
    expect(jsonValue().blocks).toEqual([
      { type: 'paragraph', content: 'Hello' },
      { type: 'heading', level: 3, content: 'Why' },
      { type: 'callout', style: 'yellow', content: '' },
      {
        type: 'sources_section',
        title: 'Sources',
        sources: [{ title: 'Fed report', url: 'https://example.org/r', year: '2024' }],
      },
    ]);
    await userEvent.click(within(block(1)).getByRole('button', { name: /^Remove block 1/ }));
    expect(jsonValue().blocks.map((b) => b.type)).toEqual(['heading', 'callout', 'sources_section']);
  });

  it('moves the block editors when valid JSON is typed, and leaves them when it does not parse', () => {
    renderEditor();
    setJson(
      JSON.stringify({
        blocks: [
          { type: 'heading', level: 4, content: 'From JSON' },
          { type: 'bullet_list', items: ['a', 'b'] },
        ],
      }),
    );
    expect(within(block(1)).getByLabelText('Heading text')).toHaveValue('From JSON');
    expect(within(block(1)).getByLabelText('Level')).toHaveValue('4');
    expect(within(block(2)).getByText('bullet_list · 2 items')).toBeInTheDocument();
    setJson('{"blocks": [ {"type": "paragraph", ');
    expect(within(block(1)).getByLabelText('Heading text')).toHaveValue('From JSON');
    expect(screen.queryByRole('group', { name: /^Block 3:/ })).toBeNull();
  });

  it('makes the block editors read-only while the JSON does not parse, so typed JSON is never overwritten', async () => {
    renderEditor(blogPost({ content: { blocks: [{ type: 'paragraph', content: 'Saved text' }] } as never }));
    const typed = '{"blocks": [{"type": "paragraph", "content": "typed by hand, not closed"';
    setJson(typed);
    expect(within(block(1)).getByLabelText('Text')).toBeDisabled();
    expect(screen.getByRole('button', { name: '+ Paragraph' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove block 1' })).toBeDisabled();
    expect(screen.getByRole('group', { name: 'Block editors' })).toHaveAccessibleDescription(
      BLOCKS_LOCKED_NOTE,
    );
    await userEvent.type(within(block(1)).getByLabelText('Text'), 'x');
    await userEvent.click(screen.getByRole('button', { name: '+ Paragraph' }));
    expect(jsonArea()).toHaveValue(typed);
    // Valid JSON without a blocks array is not content either.
    setJson('{"sections": []}');
    expect(screen.getByRole('button', { name: '+ Paragraph' })).toBeDisabled();
    setJson('{"blocks": [{"type": "paragraph", "content": "typed by hand"}]}');
    expect(screen.queryByText(BLOCKS_LOCKED_NOTE)).toBeNull();
    await userEvent.type(within(block(1)).getByLabelText('Text'), '!');
    expect(jsonValue().blocks).toEqual([{ type: 'paragraph', content: 'typed by hand!' }]);
  });

  it("drops the server's content errors once the content changes, so they never land on another block", async () => {
    const invalidType = BLOG_MESSAGES.invalidBlockType('video', 0);
    server.use({ createPost: () => fail(400, invalidType, { 'content.blocks.0.type': invalidType }) });
    renderEditor();
    await userEvent.type(screen.getByLabelText(/^Title/), 'Video');
    setJson(JSON.stringify({ blocks: [{ type: 'video' }, { type: 'paragraph', content: 'fine' }] }));
    await save();
    expect(await within(block(1)).findByText(invalidType)).toBeInTheDocument();
    // One wording: the message names its block itself, no 'Block 1:' before it.
    expect(screen.getByText('The server refused the content:').parentElement).toHaveTextContent(
      `The server refused the content:${invalidType}`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove block 1' }));
    expect(within(block(1)).getByLabelText('Text')).toHaveValue('fine');
    expect(screen.queryByText(invalidType)).toBeNull();
    expect(screen.queryByText('The server refused the content:')).toBeNull();
  });

  it('moves focus after Remove to the block now in its place, the one before, else + Paragraph', async () => {
    renderEditor(
      blogPost({
        content: {
          blocks: ['one', 'two', 'three'].map((content) => ({ type: 'paragraph', content })),
        } as never,
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove block 2' }));
    expect(within(block(2)).getByLabelText('Text')).toHaveFocus();
    expect(within(block(2)).getByLabelText('Text')).toHaveValue('three');
    await userEvent.click(screen.getByRole('button', { name: 'Remove block 2' }));
    expect(within(block(1)).getByLabelText('Text')).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Remove block 1' }));
    expect(screen.getByRole('button', { name: '+ Paragraph' })).toHaveFocus();
  });

  it('moves focus after Remove source to the source now in its place, else + Add Source', async () => {
    const sources = [
      { title: 'First', url: 'https://example.org/1' },
      { title: 'Second', url: 'https://example.org/2' },
    ];
    renderEditor(
      blogPost({ content: { blocks: [{ type: 'sources_section', title: 'Sources', sources }] } as never }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove source 1' }));
    const title = within(screen.getByRole('group', { name: 'Source 1' })).getByLabelText('Title');
    expect(title).toHaveFocus();
    expect(title).toHaveValue('Second');
    await userEvent.click(screen.getByRole('button', { name: 'Remove source 1' }));
    expect(screen.getByRole('button', { name: '+ Add Source' })).toHaveFocus();
  });

  it('keeps blocks without an editor untouched when another block is edited', async () => {
    const faq = { type: 'faq_section', title: 'Questions', faqs: [{ question: 'Q?', answer: 'A.' }] };
    renderEditor(blogPost({ content: { blocks: [faq, { type: 'paragraph', content: 'Old' }] } as never }));
    await userEvent.type(within(block(2)).getByLabelText('Text'), ' and new');
    expect(jsonValue().blocks).toEqual([faq, { type: 'paragraph', content: 'Old and new' }]);
  });

  it("refuses invalid JSON with 'Invalid JSON in content field' and saves nothing", async () => {
    renderEditor();
    await userEvent.type(screen.getByLabelText(/^Title/), 'A title');
    setJson('{ not json');
    await save();
    expect(screen.getByText(BLOG_MESSAGES.invalidJson).closest('[role="alert"]')).not.toBeNull();
    expect(jsonArea()).toHaveFocus();
    expect(server.calls('createPost')).toHaveLength(0);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('requires title and slug before sending', async () => {
    renderEditor();
    await save();
    expect(screen.getByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Slug is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Title/)).toHaveFocus();
    expect(server.calls('createPost')).toHaveLength(0);
  });

  it("sends the post with the publish date as a full ISO timestamp and shows 'Saving...' meanwhile", async () => {
    server.use({ createPost: never });
    renderEditor();
    await userEvent.type(screen.getByLabelText(/^Title/), 'Summer pay');
    fireEvent.change(screen.getByLabelText('Publish date'), { target: { value: '2026-06-01' } });
    await userEvent.click(screen.getByLabelText('Featured'));
    await userEvent.click(screen.getByRole('button', { name: '+ Paragraph' }));
    await userEvent.type(within(block(1)).getByLabelText('Text'), 'Body');
    await save();
    expect(screen.getByRole('button', { name: BLOG_MESSAGES.saving })).toBeDisabled();
    await waitFor(() => expect(server.calls('createPost')).toHaveLength(1));
    expect(server.calls('createPost')[0]!.body).toMatchObject({
      title: 'Summer pay',
      slug: 'summer-pay',
      publish_date: '2026-06-01T00:00:00.000Z',
      featured: true,
      published: true,
      author: BLOG_POST_DEFAULTS.author,
      image_url: null,
      content: { blocks: [{ type: 'paragraph', content: 'Body' }] },
    });
  });

  it('updates an existing post by its id, keeping its seo fields, and tells the page', async () => {
    const seo = { title: 'Summer pay', description: 'Bridge the summer.', keywords: ['teachers'] };
    const post = blogPost({ seo });
    renderEditor(post);
    await save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(server.calls('updatePost')[0]!.params.id).toBe(post.id);
    expect(server.calls('updatePost')[0]!.body).toMatchObject({
      seo,
      slug: post.slug,
      publish_date: '2026-02-09T00:00:00.000Z',
      updated_at: post.updated_at,
    });
    expect(server.calls('createPost')).toHaveLength(0);
  });

  it("shows the server's field errors next to the content and 'Failed to save post: {reason}'", async () => {
    server.use({
      createPost: () =>
        fail(400, 'Heading level must be 1, 2, 3 or 4', {
          'content.blocks.0.level': 'Heading level must be 1, 2, 3 or 4',
          excerpt: 'Excerpt must be at most 1000 characters',
        }),
    });
    renderEditor();
    await userEvent.type(screen.getByLabelText(/^Title/), 'Bad');
    setJson(JSON.stringify({ blocks: [{ type: 'heading', level: 9, content: 'x' }] }));
    await save();
    expect(
      await screen.findByText(BLOG_MESSAGES.saveFailed('Heading level must be 1, 2, 3 or 4')),
    ).toBeInTheDocument();
    expect(screen.getByText('Block 1: Heading level must be 1, 2, 3 or 4')).toBeInTheDocument();
    expect(within(block(1)).getByText('Heading level must be 1, 2, 3 or 4')).toBeInTheDocument();
    // The select shows the level the JSON holds, not the first allowed one.
    expect(within(block(1)).getByLabelText('Level')).toHaveDisplayValue('9 (not allowed)');
    // Each message is read with its field.
    expect(within(block(1)).getByLabelText('Level')).toHaveAccessibleDescription(
      'Heading level must be 1, 2, 3 or 4',
    );
    expect(within(block(1)).getByLabelText('Level')).toBeInvalid();
    expect(screen.getByLabelText('Excerpt')).toHaveAccessibleDescription(
      'Excerpt must be at most 1000 characters',
    );
    expect(screen.getByLabelText('Excerpt')).toBeInvalid();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("shows a content message without a blocks array ('Content must have a blocks array')", async () => {
    server.use({
      createPost: () =>
        fail(400, BLOG_MESSAGES.contentNeedsBlocks, { content: BLOG_MESSAGES.contentNeedsBlocks }),
    });
    renderEditor();
    await userEvent.type(screen.getByLabelText(/^Title/), 'No blocks');
    setJson('{"sections": []}');
    await save();
    expect(
      await screen.findByText(BLOG_MESSAGES.saveFailed(BLOG_MESSAGES.contentNeedsBlocks)),
    ).toBeInTheDocument();
    expect(server.calls('createPost')[0]!.body).toMatchObject({ content: { sections: [] } });
  });

  it('shows a slug already taken (409) at the slug field', async () => {
    server.use({ createPost: () => fail(409, BLOG_MESSAGES.slugTaken) });
    renderEditor();
    await userEvent.type(screen.getByLabelText(/^Title/), 'Taken');
    await save();
    expect(await screen.findByText(BLOG_MESSAGES.saveFailed(BLOG_MESSAGES.slugTaken))).toBeInTheDocument();
    expect(screen.getByLabelText(/^Slug/)).toHaveAccessibleDescription(
      expect.stringContaining(BLOG_MESSAGES.slugTaken),
    );
  });

  it("previews the image URL once typing pauses or the field is left, and says 'Invalid image URL' when it does not load", () => {
    vi.useFakeTimers();
    try {
      renderEditor();
      const field = screen.getByLabelText('Image URL (optional)');
      // Half-typed: nothing is fetched, nothing is said.
      fireEvent.change(field, { target: { value: 'ht' } });
      fireEvent.change(field, { target: { value: 'https://example.org/missing.png' } });
      expect(screen.queryByRole('img')).toBeNull();
      act(() => vi.advanceTimersByTime(PREVIEW_DELAY_MS));
      const img = screen.getByRole('img', { name: 'Image preview' });
      expect(img).toHaveAttribute('src', 'https://example.org/missing.png');
      fireEvent.error(img);
      expect(screen.getByText(BLOG_MESSAGES.invalidImageUrl)).toBeInTheDocument();
      fireEvent.change(field, { target: { value: 'https://example.org/other.png' } });
      fireEvent.blur(field);
      expect(screen.queryByText(BLOG_MESSAGES.invalidImageUrl)).toBeNull();
      expect(screen.getByRole('img', { name: 'Image preview' })).toHaveAttribute(
        'src',
        'https://example.org/other.png',
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it("never loads an address that could not be an image; says 'Invalid image URL' once the field is left", () => {
    vi.useFakeTimers();
    try {
      renderEditor();
      const field = screen.getByLabelText('Image URL (optional)');
      fireEvent.change(field, { target: { value: 'javascript:alert(1)' } });
      act(() => vi.advanceTimersByTime(PREVIEW_DELAY_MS));
      expect(screen.queryByRole('img')).toBeNull();
      expect(screen.queryByText(BLOG_MESSAGES.invalidImageUrl)).toBeNull();
      fireEvent.blur(field);
      expect(screen.queryByRole('img')).toBeNull();
      expect(screen.getByText(BLOG_MESSAGES.invalidImageUrl)).toBeInTheDocument();
      // One of our uploads previews.
      fireEvent.change(field, { target: { value: '/api/blog/images/3f2a9cQx7LmN0pRsTu.png' } });
      fireEvent.blur(field);
      expect(screen.getByRole('img', { name: 'Image preview' })).toHaveAttribute(
        'src',
        '/api/blog/images/3f2a9cQx7LmN0pRsTu.png',
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a file over the size limit without sending it', async () => {
    const fetchSpy = vi.fn(globalThis.fetch);
    vi.stubGlobal('fetch', fetchSpy);
    renderEditor();
    const big = new File([new Uint8Array(BLOG_IMAGE_LIMITS.maxBytes + 1)], 'big.png', { type: 'image/png' });
    await userEvent.upload(screen.getByTestId('image-file'), big);
    expect(screen.getByLabelText('Image URL (optional)')).toHaveAccessibleDescription(
      BLOG_MESSAGES.imageTooLarge(BLOG_IMAGE_LIMITS.maxBytes / (1024 * 1024)),
    );
    expect(fetchSpy.mock.calls.filter(([input]) => String(input).includes('/images'))).toHaveLength(0);
    expect(screen.getByLabelText('Image URL (optional)')).toHaveValue('');
  });

  it('uploads an image as raw bytes with its type and name, and uses the answered URL', async () => {
    const stubbed = globalThis.fetch;
    const uploads: Array<{ body: unknown; headers: Record<string, string> }> = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (String(input) !== '/api/blog/admin/images') return stubbed(input, init);
      uploads.push({ body: init.body, headers: init.headers as Record<string, string> });
      return new Response(JSON.stringify({ url: '/api/blog/images/abc123.png' }), {
        status: 201,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    renderEditor();
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'chart.png', { type: 'image/png' });
    await userEvent.upload(screen.getByTestId('image-file'), file);
    await waitFor(() =>
      expect(screen.getByLabelText('Image URL (optional)')).toHaveValue('/api/blog/images/abc123.png'),
    );
    expect(uploads[0]!.body).toBe(file);
    expect(uploads[0]!.headers['Content-Type']).toBe('image/png');
    expect(uploads[0]!.headers['x-file-name']).toBe('chart.png');
  });

  it('sends any file name URI-encoded in X-File-Name (what the blog service decodes)', async () => {
    const names: string[] = [];
    const stubbed = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit) => {
      if (String(input) !== '/api/blog/admin/images') return stubbed(input, init);
      names.push((init.headers as Record<string, string>)['x-file-name']!);
      return new Response(JSON.stringify({ url: '/api/blog/images/abc123.png' }), {
        status: 201,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    renderEditor();
    for (const name of ['Résumé chart.png', 'scan%2Ejpg.png']) {
      await userEvent.upload(
        screen.getByTestId('image-file'),
        new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' }),
      );
    }
    await waitFor(() => expect(names).toHaveLength(2));
    expect(names).toEqual(['R%C3%A9sum%C3%A9%20chart.png', 'scan%252Ejpg.png']);
    expect(names.map(decodeURIComponent)).toEqual(['Résumé chart.png', 'scan%2Ejpg.png']);
  });

  it("shows the server's message when an upload is refused", async () => {
    const stubbed = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) =>
      String(input) === '/api/blog/admin/images'
        ? new Response(JSON.stringify({ message: BLOG_MESSAGES.imageUnsupported }), {
            status: 415,
            headers: { 'Content-Type': 'application/json' },
          })
        : stubbed(input, init),
    );
    renderEditor();
    await userEvent.upload(
      screen.getByTestId('image-file'),
      new File(['GIF?'], 'x.gif', { type: 'image/gif' }),
    );
    expect(await screen.findByText(BLOG_MESSAGES.imageUnsupported)).toBeInTheDocument();
  });

  it("shows an edit conflict (409) as 'Failed to save post: {message}', not at the slug, and keeps the form", async () => {
    server.use({
      updatePost: () => fail(409, BLOG_MESSAGES.editConflict, { updated_at: BLOG_MESSAGES.editConflict }),
    });
    renderEditor(blogPost());
    await userEvent.type(screen.getByLabelText(/^Title/), ' (mine)');
    await save();
    expect(await screen.findByText(BLOG_MESSAGES.saveFailed(BLOG_MESSAGES.editConflict))).toBeInTheDocument();
    expect(screen.getByLabelText(/^Slug/)).not.toBeInvalid();
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Teachers and the Summer Pay Gap (mine)');
    expect(onSaved).not.toHaveBeenCalled();
  });

  describe('after an edit conflict', () => {
    const conflictOn = async (post: ReturnType<typeof blogPost>) => {
      server.use({ updatePost: () => fail(409, BLOG_MESSAGES.editConflict, { updated_at: BLOG_MESSAGES.editConflict }) });
      renderEditor(post);
      await userEvent.type(screen.getByLabelText(/^Title/), ' (mine)');
      await save();
      await screen.findByText(BLOG_MESSAGES.saveFailed(BLOG_MESSAGES.editConflict));
    };
    const confirmReload = async () => {
      await userEvent.click(screen.getByRole('button', { name: RELOAD_LABEL }));
      const dialog = await screen.findByRole('dialog', { name: DISCARD_TITLE });
      expect(within(dialog).getByText(RELOAD_QUESTION)).toBeInTheDocument();
      await userEvent.click(within(dialog).getByRole('button', { name: RELOAD_LABEL }));
      return dialog;
    };

    it('offers the saved post and hands it to the page once the admin confirms', async () => {
      const mine = blogPost();
      const theirs = { ...mine, title: 'Their title', updated_at: '2026-02-02T09:00:00.000Z' };
      server.use({ adminPosts: () => ({ posts: [blogPost(), theirs] }) });
      await conflictOn(mine);
      await confirmReload();
      await waitFor(() => expect(onReload).toHaveBeenCalledWith(theirs));
      expect(server.calls('adminPosts')).toHaveLength(1);
    });

    it('keeps the dialog open while the saved post loads: closing it half-way cannot leave a reload pending', async () => {
      const mine = blogPost();
      let answer!: (value: unknown) => void;
      server.use({ adminPosts: () => new Promise((resolve) => (answer = resolve)) });
      await conflictOn(mine);
      const dialog = await confirmReload();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Close dialog' }));
      expect(dialog).toBeInTheDocument();
      answer({ posts: [{ ...mine, title: 'Their title', updated_at: '2026-02-02T09:00:00.000Z' }] });
      await waitFor(() => expect(onReload).toHaveBeenCalledTimes(1));
    });

    it('says so in the dialog when the post was deleted meanwhile, or could not be loaded', async () => {
      server.use({ adminPosts: () => ({ posts: [] }) });
      await conflictOn(blogPost());
      const dialog = await confirmReload();
      expect(await within(dialog).findByText(RELOAD_GONE)).toBeInTheDocument();
      server.use({ adminPosts: () => fail(503, 'down') });
      await userEvent.click(within(dialog).getByRole('button', { name: RELOAD_LABEL }));
      expect(await within(dialog).findByText(RELOAD_FAILED)).toBeInTheDocument();
      expect(onReload).not.toHaveBeenCalled();
      expect(screen.getByLabelText(/^Title/)).toHaveValue('Teachers and the Summer Pay Gap (mine)');
    });

    it('offers no reload for other failures', async () => {
      server.use({ updatePost: () => fail(400, 'Title is required', { title: 'Title is required' }) });
      renderEditor(blogPost());
      await userEvent.type(screen.getByLabelText(/^Title/), ' (mine)');
      await save();
      await screen.findByText(BLOG_MESSAGES.saveFailed('Title is required'));
      expect(screen.queryByRole('button', { name: RELOAD_LABEL })).not.toBeInTheDocument();
    });
  });

  it('closes with Cancel and with Close without saving', async () => {
    renderEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: /^Close/ }));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(server.calls('createPost')).toHaveLength(0);
  });

  it('asks before closing with changes not saved: Keep editing keeps the text, Discard closes', async () => {
    renderEditor(blogPost());
    const leaving = () => window.dispatchEvent(new Event('beforeunload', { cancelable: true }));
    expect(leaving()).toBe(true); // nothing changed: the tab may go
    await userEvent.type(screen.getByLabelText(/^Title/), ' (draft)');
    expect(leaving()).toBe(false); // the browser asks before the tab goes

    await userEvent.click(screen.getByRole('button', { name: /^Close/ }));
    const dialog = await screen.findByRole('dialog', { name: DISCARD_TITLE });
    expect(within(dialog).getByText(DISCARD_QUESTION)).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Keep editing' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Close/ })).toHaveFocus();
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Teachers and the Summer Pay Gap (draft)');
    expect(onClose).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: DISCARD_TITLE })).getByRole('button', { name: 'Discard changes' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(server.calls('updatePost')).toHaveLength(0);
  });

  it('closes a new post without asking once a hand-typed slug is back as it was', async () => {
    renderEditor();
    const slug = screen.getByLabelText(/^Slug/);
    await userEvent.type(slug, 'x');
    await userEvent.type(slug, '{Backspace}');
    await userEvent.click(screen.getByRole('button', { name: /^Close/ }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes without asking once the changes are undone', async () => {
    renderEditor(blogPost());
    const titleField = screen.getByLabelText(/^Title/);
    await userEvent.type(titleField, 'x');
    await userEvent.type(titleField, '{Backspace}');
    await userEvent.click(screen.getByRole('button', { name: /^Close/ }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
