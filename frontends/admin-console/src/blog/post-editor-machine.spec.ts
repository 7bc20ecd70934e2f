import { BLOG_MESSAGES, BLOG_POST_DEFAULTS } from '@paycadence/contracts';
import { describe, expect, it } from 'vitest';
import { blogPost } from '../test/blog.js';
import { contentToText, newBlock, type RawContent } from './content-blocks.js';
import { contentTextOf, newDraft } from './post-draft.js';
import {
  blocksOf,
  isUnsaved,
  openPostEditor,
  postEditorReducer as reduce,
  type PostEditorState,
} from './post-editor-machine.js';
import { NO_SAVE_ERRORS, type SaveErrors } from './server-errors.js';

const POST = blogPost();
const BLOCKS = (POST.content as RawContent).blocks;
const opened = () => openPostEditor(POST);
const CONTENT_ERRORS: SaveErrors = { fields: { title: 'Title is too long' }, content: ['Block 1: Paragraph needs content'], blocks: { 0: ['Paragraph needs content'] } };

describe('post editor machine: opening', () => {
  it('opens a stored post with its fields, its content and no changes', () => {
    const state = opened();
    expect(state.draft).toMatchObject({ title: POST.title, slug: POST.slug, slugEdited: true, publish_date: '2026-02-09' });
    expect(state.content).toBe(POST.content);
    expect(state.contentText).toBe(contentTextOf(POST));
    expect(state.opened).toEqual({ draft: state.draft, contentText: state.contentText });
    expect(state).toMatchObject({ clientErrors: {}, serverErrors: NO_SAVE_ERRORS, failure: null, conflict: false, askingToLeave: null, reloading: false, reloadFailure: null, removedIndex: null });
    expect(isUnsaved(state)).toBe(false);
  });

  it('opens a new post with the defaults and no blocks in the editors', () => {
    const state = openPostEditor(null);
    expect(state.draft).toEqual(newDraft());
    expect(state.content).toEqual({ blocks: [] });
    expect(state.contentText).toBe(contentTextOf(null));
    expect(isUnsaved(state)).toBe(false);
  });
});

describe('post editor machine: the form', () => {
  it('titleTyped rewrites the slug of a new post until slugTyped', () => {
    const titled = reduce(openPostEditor(null), { type: 'titleTyped', value: 'Summer Pay' });
    expect(titled.draft).toMatchObject({ title: 'Summer Pay', slug: 'summer-pay', slugEdited: false });
    const slugged = reduce(titled, { type: 'slugTyped', value: 'my-slug' });
    expect(slugged.draft).toMatchObject({ slug: 'my-slug', slugEdited: true });
    expect(reduce(slugged, { type: 'titleTyped', value: 'Other' }).draft).toMatchObject({ title: 'Other', slug: 'my-slug' });
  });

  it('titleTyped keeps the slug of a stored post', () => {
    expect(reduce(opened(), { type: 'titleTyped', value: 'New title' }).draft.slug).toBe(POST.slug);
  });

  it('fieldChanged sets the one field as given', () => {
    const state = reduce(reduce(opened(), { type: 'fieldChanged', field: 'excerpt', value: 'Short.' }), { type: 'fieldChanged', field: 'featured', value: true });
    expect(state.draft).toEqual({ ...opened().draft, excerpt: 'Short.', featured: true });
  });

  it('counts as unsaved while a field or the JSON differs, and not once undone or for the bookkeeping fields', () => {
    const changed = reduce(opened(), { type: 'fieldChanged', field: 'author', value: 'Ann' });
    expect(isUnsaved(changed)).toBe(true);
    expect(isUnsaved(reduce(changed, { type: 'fieldChanged', field: 'author', value: POST.author }))).toBe(false);
    expect(isUnsaved(reduce(opened(), { type: 'contentTyped', text: '{' }))).toBe(true);
    // A hand-typed slug put back as it was: only the "edited by hand" mark differs.
    const fresh = openPostEditor(null);
    expect(isUnsaved(reduce(reduce(fresh, { type: 'slugTyped', value: 'x' }), { type: 'slugTyped', value: '' }))).toBe(false);
  });
});

describe('post editor machine: content', () => {
  const withServerErrors = (): PostEditorState => ({ ...opened(), serverErrors: CONTENT_ERRORS });

  it('contentTyped with valid content moves the block editors and drops the content errors (not the field errors)', () => {
    const text = contentToText({ blocks: [{ type: 'paragraph', content: 'Only' }] });
    const state = reduce(withServerErrors(), { type: 'contentTyped', text });
    expect(state.contentText).toBe(text);
    expect(state.content).toEqual({ blocks: [{ type: 'paragraph', content: 'Only' }] });
    expect(state.serverErrors).toEqual({ fields: CONTENT_ERRORS.fields, content: [], blocks: {} });
  });

  it.each([
    ['text that is not JSON', '{"blocks": ['],
    ['JSON without a blocks array', '{"items": []}'],
  ])('contentTyped with %s keeps the text only: the editors and the errors stay', (_, text) => {
    const from = withServerErrors();
    expect(reduce(from, { type: 'contentTyped', text })).toEqual({ ...from, contentText: text });
  });

  it('keeps the server errors object when there are no content errors to drop', () => {
    const from = { ...opened(), serverErrors: { ...NO_SAVE_ERRORS, fields: { slug: 'Taken' } } };
    expect(reduce(from, { type: 'blockAdded', blockType: 'callout' }).serverErrors).toBe(from.serverErrors);
  });

  it('blockAdded appends the new block and writes the JSON', () => {
    const state = reduce(withServerErrors(), { type: 'blockAdded', blockType: 'heading' });
    expect(blocksOf(state.content)).toEqual([...BLOCKS, newBlock('heading')]);
    expect(state.contentText).toBe(contentToText(state.content));
    expect(state.serverErrors).toEqual({ fields: CONTENT_ERRORS.fields, content: [], blocks: {} });
  });

  it('blockChanged replaces the one block and writes the JSON, keeping other content keys', () => {
    const from = { ...opened(), content: { ...(POST.content as RawContent), version: 2 } };
    const state = reduce(from, { type: 'blockChanged', index: 1, block: { type: 'heading', level: 3, content: 'New' } });
    expect(state.content).toEqual({ blocks: [BLOCKS[0], { type: 'heading', level: 3, content: 'New' }], version: 2 });
    expect(JSON.parse(state.contentText)).toEqual(state.content);
  });

  it('blockRemoved removes the block, writes the JSON and remembers where focus must go; removalFocused forgets it', () => {
    const state = reduce(withServerErrors(), { type: 'blockRemoved', index: 0 });
    expect(blocksOf(state.content)).toEqual([BLOCKS[1]]);
    expect(state.contentText).toBe(contentToText({ ...(POST.content as RawContent), blocks: [BLOCKS[1]] }));
    expect(state.serverErrors.blocks).toEqual({});
    expect(state.removedIndex).toBe(0);
    expect(reduce(state, { type: 'removalFocused' })).toEqual({ ...state, removedIndex: null });
  });

  it('removalFocused with nothing pending changes nothing', () => {
    const state = opened();
    expect(reduce(state, { type: 'removalFocused' })).toBe(state);
  });

  it('shows no blocks for content whose blocks are not an array', () => {
    expect(blocksOf({ blocks: 'nope' } as unknown as RawContent)).toEqual([]);
  });
});

describe('post editor machine: saving', () => {
  const failed = (): PostEditorState => ({
    ...opened(),
    clientErrors: { title: 'Title is required' },
    serverErrors: CONTENT_ERRORS,
    failure: 'Failed to save post: Conflict',
    conflict: true,
  });
  const body = { title: 'T' } as never;

  it('submitted with a draft that passes clears every error and the conflict', () => {
    expect(reduce(failed(), { type: 'submitted', check: { ok: true, body } })).toEqual(opened());
  });

  it('submitted with refused fields shows only those field errors', () => {
    const errors = { slug: 'Slug is required' };
    expect(reduce(failed(), { type: 'submitted', check: { ok: false, reason: 'fields', errors } })).toEqual({ ...opened(), clientErrors: errors });
  });

  it('submitted with JSON that does not parse shows only the invalid JSON alert', () => {
    expect(reduce(failed(), { type: 'submitted', check: { ok: false, reason: 'invalid-json' } })).toEqual({ ...opened(), failure: BLOG_MESSAGES.invalidJson });
  });

  it('saveFailed shows the server errors, the reason, and whether it was an edit conflict', () => {
    const state = reduce(opened(), { type: 'saveFailed', errors: CONTENT_ERRORS, reason: 'Conflict', conflict: true });
    expect(state).toEqual({ ...opened(), serverErrors: CONTENT_ERRORS, failure: BLOG_MESSAGES.saveFailed('Conflict'), conflict: true });
    expect(reduce(opened(), { type: 'saveFailed', errors: NO_SAVE_ERRORS, reason: 'Bad', conflict: false }).conflict).toBe(false);
  });
});

describe('post editor machine: leaving and reloading', () => {
  it('leaveAsked opens the question to close or to reload; leaveCancelled closes it and its failure', () => {
    expect(reduce(opened(), { type: 'leaveAsked', question: 'close' }).askingToLeave).toBe('close');
    const asking = reduce(opened(), { type: 'leaveAsked', question: 'reload' });
    expect(asking.askingToLeave).toBe('reload');
    expect(reduce({ ...asking, reloadFailure: 'Gone' }, { type: 'leaveCancelled' })).toEqual(opened());
  });

  it('reloadStarted goes busy and clears the last failure; leaveCancelled is ignored meanwhile', () => {
    const asking = { ...reduce(opened(), { type: 'leaveAsked', question: 'reload' }), reloadFailure: 'Gone' };
    const loading = reduce(asking, { type: 'reloadStarted' });
    expect(loading).toEqual({ ...asking, reloading: true, reloadFailure: null });
    expect(reduce(loading, { type: 'leaveCancelled' })).toBe(loading);
  });

  it('reloadFailed shows the message; reloadSettled ends the loading and keeps the dialog open', () => {
    const loading = { ...reduce(opened(), { type: 'leaveAsked', question: 'reload' }), reloading: true };
    const refused = reduce(loading, { type: 'reloadFailed', message: 'Deleted meanwhile' });
    expect(refused).toEqual({ ...loading, reloadFailure: 'Deleted meanwhile' });
    expect(reduce(refused, { type: 'reloadSettled' })).toEqual({ ...refused, reloading: false });
  });
});

describe('post editor machine: defaults', () => {
  it('a new post counts the default content as opened', () => {
    expect(openPostEditor(null).opened.contentText).toBe(contentToText({ blocks: [...BLOG_POST_DEFAULTS.content.blocks] }));
  });
});
