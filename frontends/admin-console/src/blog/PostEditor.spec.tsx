import { BLOG_MESSAGES, BLOG_POST_DEFAULTS } from '@payday/contracts';
import { renderWithProviders } from '@payday/web-kit/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN } from '../test/fixtures.js';
import { blogPost, serveBlogApi, type BlogStubServer } from '../test/blog.js';
import { fail, never } from '../test/server.js';
import { PostEditor } from './PostEditor.js';
import { today } from './post-draft.js';

let server: BlogStubServer;
const onSaved = vi.fn();
const onClose = vi.fn();
beforeEach(() => {
  onSaved.mockReset();
  onClose.mockReset();
  server = serveBlogApi({ createPost: () => blogPost(), updatePost: () => blogPost() });
});
afterEach(() => vi.unstubAllGlobals());

const renderEditor = (post: ReturnType<typeof blogPost> | null = null) => renderWithProviders(<PostEditor post={post} onClose={onClose} onSaved={onSaved} />, { user: ADMIN });
const jsonArea = () => screen.getByLabelText('Content (JSON)') as HTMLTextAreaElement;
const jsonValue = () => JSON.parse(jsonArea().value) as { blocks: Array<Record<string, unknown>> };
const setJson = (value: string) => fireEvent.change(jsonArea(), { target: { value } });
const block = (n: number) => screen.getByRole('group', { name: new RegExp(`^Block ${n}:`) });
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save Post' }));

describe('Post editor (part 2 §2, §3, §4, §5)', () => {
  it('opens a new post with the defaults of part 2 §9', () => {
    renderEditor();
    expect(screen.getByRole('heading', { level: 2, name: 'Create New Post' })).toHaveFocus();
    expect(screen.getByLabelText('Author')).toHaveValue(BLOG_POST_DEFAULTS.author);
    expect(screen.getByLabelText('Category')).toHaveValue('Company');
    expect(screen.getByLabelText('Read time')).toHaveValue('3 min read');
    expect(screen.getByLabelText('Publish date')).toHaveValue(today());
    expect(screen.getByLabelText('Featured')).not.toBeChecked();
    expect(screen.getByLabelText('Published')).toBeChecked();
    expect(jsonValue()).toEqual({ blocks: [] });
    expect(within(screen.getByLabelText('Category')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Company', 'Psychology', 'Parenting', 'Strategy', 'Freelancing', 'Technology']);
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
    expect(jsonValue().blocks.map((b) => b.type)).toEqual(['paragraph', 'heading', 'callout', 'sources_section']);
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
      { type: 'sources_section', title: 'Sources', sources: [{ title: 'Fed report', url: 'https://example.org/r', year: '2024' }] },
    ]);
    await userEvent.click(within(block(1)).getByRole('button', { name: /^Remove block 1/ }));
    expect(jsonValue().blocks.map((b) => b.type)).toEqual(['heading', 'callout', 'sources_section']);
  });

  it('moves the block editors when valid JSON is typed, and leaves them when it does not parse', () => {
    renderEditor();
    setJson(JSON.stringify({ blocks: [{ type: 'heading', level: 4, content: 'From JSON' }, { type: 'bullet_list', items: ['a', 'b'] }] }));
    expect(within(block(1)).getByLabelText('Heading text')).toHaveValue('From JSON');
    expect(within(block(1)).getByLabelText('Level')).toHaveValue('4');
    expect(within(block(2)).getByText('bullet_list · 2 items')).toBeInTheDocument();
    setJson('{"blocks": [ {"type": "paragraph", ');
    expect(within(block(1)).getByLabelText('Heading text')).toHaveValue('From JSON');
    expect(screen.queryByRole('group', { name: /^Block 3:/ })).toBeNull();
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
    expect(server.calls('updatePost')[0]!.body).toMatchObject({ seo, slug: post.slug, publish_date: '2026-02-09T00:00:00.000Z' });
    expect(server.calls('createPost')).toHaveLength(0);
  });

  it("shows the server's field errors next to the content and 'Failed to save post: {reason}'", async () => {
    server.use({
      createPost: () =>
        fail(400, 'Heading level must be 1, 2, 3 or 4', { 'content.blocks.0.level': 'Heading level must be 1, 2, 3 or 4', excerpt: 'Excerpt must be at most 1000 characters' }),
    });
    renderEditor();
    await userEvent.type(screen.getByLabelText(/^Title/), 'Bad');
    setJson(JSON.stringify({ blocks: [{ type: 'heading', level: 9, content: 'x' }] }));
    await save();
    expect(await screen.findByText(BLOG_MESSAGES.saveFailed('Heading level must be 1, 2, 3 or 4'))).toBeInTheDocument();
    expect(screen.getByText('Block 1: Heading level must be 1, 2, 3 or 4')).toBeInTheDocument();
    expect(within(block(1)).getByText('Heading level must be 1, 2, 3 or 4')).toBeInTheDocument();
    // The select shows the level the JSON holds, not the first allowed one.
    expect(within(block(1)).getByLabelText('Level')).toHaveDisplayValue('9 (not allowed)');
    expect(screen.getByText('Excerpt must be at most 1000 characters')).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("shows a content message without a blocks array ('Content must have a blocks array')", async () => {
    server.use({ createPost: () => fail(400, BLOG_MESSAGES.contentNeedsBlocks, { content: BLOG_MESSAGES.contentNeedsBlocks }) });
    renderEditor();
    await userEvent.type(screen.getByLabelText(/^Title/), 'No blocks');
    setJson('{"sections": []}');
    await save();
    expect(await screen.findByText(BLOG_MESSAGES.saveFailed(BLOG_MESSAGES.contentNeedsBlocks))).toBeInTheDocument();
    expect(server.calls('createPost')[0]!.body).toMatchObject({ content: { sections: [] } });
  });

  it('shows a slug already taken (409) at the slug field', async () => {
    server.use({ createPost: () => fail(409, BLOG_MESSAGES.slugTaken) });
    renderEditor();
    await userEvent.type(screen.getByLabelText(/^Title/), 'Taken');
    await save();
    expect(await screen.findByText(BLOG_MESSAGES.saveFailed(BLOG_MESSAGES.slugTaken))).toBeInTheDocument();
    expect(screen.getByLabelText(/^Slug/)).toHaveAccessibleDescription(expect.stringContaining(BLOG_MESSAGES.slugTaken));
  });

  it("previews the image URL and says 'Invalid image URL' when it does not load", () => {
    renderEditor();
    fireEvent.change(screen.getByLabelText('Image URL (optional)'), { target: { value: 'https://example.org/missing.png' } });
    const img = screen.getByRole('img', { name: 'Image preview' });
    expect(img).toHaveAttribute('src', 'https://example.org/missing.png');
    fireEvent.error(img);
    expect(screen.getByText(BLOG_MESSAGES.invalidImageUrl)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Image URL (optional)'), { target: { value: 'https://example.org/other.png' } });
    expect(screen.queryByText(BLOG_MESSAGES.invalidImageUrl)).toBeNull();
  });

  it('uploads an image as raw bytes with its type and name, and uses the answered URL', async () => {
    const stubbed = globalThis.fetch;
    const uploads: Array<{ body: unknown; headers: Record<string, string> }> = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (String(input) !== '/api/blog/admin/images') return stubbed(input, init);
      uploads.push({ body: init.body, headers: init.headers as Record<string, string> });
      return new Response(JSON.stringify({ url: '/api/blog/images/abc123.png' }), { status: 201, headers: { 'Content-Type': 'application/json' } });
    });
    renderEditor();
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'chart.png', { type: 'image/png' });
    await userEvent.upload(screen.getByTestId('image-file'), file);
    await waitFor(() => expect(screen.getByLabelText('Image URL (optional)')).toHaveValue('/api/blog/images/abc123.png'));
    expect(uploads[0]!.body).toBe(file);
    expect(uploads[0]!.headers['Content-Type']).toBe('image/png');
    expect(uploads[0]!.headers['x-file-name']).toBe('chart.png');
  });

  it("shows the server's message when an upload is refused", async () => {
    const stubbed = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) =>
      String(input) === '/api/blog/admin/images'
        ? new Response(JSON.stringify({ message: BLOG_MESSAGES.imageUnsupported }), { status: 415, headers: { 'Content-Type': 'application/json' } })
        : stubbed(input, init),
    );
    renderEditor();
    await userEvent.upload(screen.getByTestId('image-file'), new File(['GIF?'], 'x.gif', { type: 'image/gif' }));
    expect(await screen.findByText(BLOG_MESSAGES.imageUnsupported)).toBeInTheDocument();
  });

  it('closes with Cancel and with Close without saving', async () => {
    renderEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: /^Close/ }));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(server.calls('createPost')).toHaveLength(0);
  });
});
