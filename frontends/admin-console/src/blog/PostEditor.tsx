import { BLOG_CATEGORIES, BLOG_MESSAGES, type BlogPost } from '@paycadence/contracts';
import { Button, Checkbox, Select, TextAreaField, TextField, useFirstErrorFocus } from '@paycadence/web-kit';
import { useEffect, useId, useReducer, useRef, type FormEvent } from 'react';
import { useBlogActions, useLatestPost } from '../api/blog-queries.js';
import { ConfirmDialog } from '../components/ConfirmDialog.js';
import { BlockEditor, focusAfterRemoval } from './BlockEditors.js';
import { ImageField } from './ImageField.js';
import { parseContentText } from './content-blocks.js';
import { checkDraft, type DraftField, type PostDraft } from './post-draft.js';
import { blocksOf, isUnsaved, openPostEditor, postEditorReducer, type FieldChanged } from './post-editor-machine.js';
import { isEditConflict, saveErrorsOf, saveFailureReason } from './server-errors.js';

/** Shown over the block editors while they are read-only (the JSON text does not hold valid content). */
export const BLOCKS_LOCKED_NOTE = 'Fix the JSON (valid JSON with a blocks array) to edit blocks here again.';

/** Leaving the editor with changes not saved (ours; the product's editor closes without asking). */
export const DISCARD_TITLE = 'Discard changes?';
export const DISCARD_QUESTION = 'This post has changes that are not saved. Close the editor and lose them?';
/** After an edit conflict: the saved post replaces what is in the editor. */
export const RELOAD_LABEL = 'Reload post';
export const RELOAD_QUESTION = 'Load the post as it is saved now? The changes you made here will be lost.';
export const RELOAD_GONE = 'This post has been deleted since you opened it. Close the editor to go back to the list.';
export const RELOAD_FAILED = 'The post could not be loaded. Please try again.';
const CATEGORY_OPTIONS = BLOG_CATEGORIES.map((category) => ({ value: category, label: category }));
const ADD_BUTTONS = [
  { type: 'paragraph', label: '+ Paragraph' },
  { type: 'heading', label: '+ Heading' },
  { type: 'callout', label: '+ Callout' },
  { type: 'sources_section', label: '+ Add Sources Section' },
] as const;

export interface PostEditorProps {
  /** The post to edit; null for a new one. */
  post: BlogPost | null;
  onClose: () => void;
  /** After a save the server accepted: the page says so, reloads the list and closes the editor. */
  onSaved: () => void;
  /** After an edit conflict, when the admin chose to load the post as saved now (the page opens it afresh). */
  onReload: (post: BlogPost) => void;
}

/** The full-page editor of docs/product/signed-in.md §2 ('Create New Post' / 'Edit Post'). */
export function PostEditor({ post, onClose, onSaved, onReload }: PostEditorProps) {
  const baseId = useId();
  const idOf = (field: string) => `${baseId}-${field}`;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { save, upload } = useBlogActions();

  const [state, dispatch] = useReducer(postEditorReducer, post, openPostEditor);
  const { draft, contentText, content, clientErrors, serverErrors, failure, conflict, askingToLeave, reloading, reloadFailure, removedIndex } = state;
  const errorFocus = useFirstErrorFocus<HTMLFormElement>();
  const blocks = blocksOf(content);

  useEffect(() => headingRef.current?.focus(), []);

  // Closing with changes not saved asks first, in the page (Close, Cancel) and when the tab goes (the browser's own).
  const unsaved = isUnsaved(state);
  const requestClose = () => (unsaved ? dispatch({ type: 'leaveAsked', question: 'close' }) : onClose());
  const latestPost = useLatestPost();
  const reloadSaved = async () => {
    if (!post || reloading) return;
    dispatch({ type: 'reloadStarted' });
    try {
      const saved = await latestPost(post.id);
      if (saved) onReload(saved);
      else dispatch({ type: 'reloadFailed', message: RELOAD_GONE });
    } catch {
      dispatch({ type: 'reloadFailed', message: RELOAD_FAILED });
    } finally {
      dispatch({ type: 'reloadSettled' });
    }
  };
  useEffect(() => {
    if (!unsaved) return;
    const keepTab = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = ''; // older Chrome and Safari ask only with this set
    };
    window.addEventListener('beforeunload', keepTab);
    return () => window.removeEventListener('beforeunload', keepTab);
  }, [unsaved]);

  const set = <F extends DraftField>(field: F, value: PostDraft[F]) =>
    dispatch({ type: 'fieldChanged', field, value } as FieldChanged);
  const errorOf = (field: DraftField) => clientErrors[field] ?? serverErrors.fields[field];

  // Remove block: focus moves to the block now in its place (or the one before), else '+ Paragraph' (WCAG 2.4.3).
  const blockId = (index: number) => idOf(`block-${index}`);
  useEffect(() => {
    if (removedIndex === null) return;
    focusAfterRemoval(
      blocks.map((_, index) => blockId(index)),
      removedIndex,
      idOf('add-paragraph'),
    );
    dispatch({ type: 'removalFocused' });
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const check = checkDraft(draft, contentText);
    dispatch({ type: 'submitted', check });
    if (!check.ok) {
      errorFocus.reveal();
      return;
    }
    try {
      await save.mutateAsync({ id: post?.id ?? null, body: check.body });
      onSaved();
    } catch (error) {
      dispatch({ type: 'saveFailed', errors: saveErrorsOf(error), reason: saveFailureReason(error), conflict: isEditConflict(error) });
      errorFocus.reveal();
    }
  };

  const title = post ? BLOG_MESSAGES.editPost : BLOG_MESSAGES.createPost;
  // While the JSON text is not content (invalid JSON, or no blocks array) it is the truth: the block editors show
  // the last valid content, read-only, until the JSON is fixed.
  const parsedText = parseContentText(contentText);
  const blocksEditable = parsedText.ok && parsedText.content !== null;

  return (
    <section className="ba-editor" aria-labelledby={idOf('title-heading')}>
      <div className="ba-editor__top">
        <h2 id={idOf('title-heading')} ref={headingRef} tabIndex={-1} className="ba-editor__title">
          {title}
        </h2>
        <Button variant="ghost" onClick={requestClose} aria-label={`Close: ${title}`}>
          Close
        </Button>
      </div>
      <form ref={errorFocus.ref} onSubmit={(event) => void submit(event)} noValidate className="ba-editor__form">
        <fieldset className="ba-section">
          <legend className="ba-section__title">Post</legend>
          <div className="ba-grid">
            <TextField
              id={idOf('title')}
              label="Title"
              name="title"
              required
              className="ba-grid__wide"
              value={draft.title}
              error={errorOf('title')}
              onChange={(event) => dispatch({ type: 'titleTyped', value: event.target.value })}
            />
            <TextField
              id={idOf('slug')}
              label="Slug"
              name="slug"
              required
              className="ba-grid__wide"
              hint="Made from the title until you edit it; the post's address is /blog/{slug}."
              value={draft.slug}
              error={errorOf('slug')}
              onChange={(event) => dispatch({ type: 'slugTyped', value: event.target.value })}
            />
            <TextAreaField
              id={idOf('excerpt')}
              label="Excerpt"
              name="excerpt"
              className="ba-grid__wide"
              rows={3}
              value={draft.excerpt}
              error={errorOf('excerpt')}
              onChange={(event) => set('excerpt', event.target.value)}
            />
            <Select
              label="Category"
              name="category"
              options={CATEGORY_OPTIONS}
              value={draft.category}
              error={errorOf('category')}
              onChange={(event) => set('category', event.target.value)}
            />
            <TextField
              label="Read time"
              name="read_time"
              value={draft.read_time}
              error={errorOf('read_time')}
              onChange={(event) => set('read_time', event.target.value)}
            />
            <TextField
              label="Publish date"
              name="publish_date"
              type="date"
              value={draft.publish_date}
              error={errorOf('publish_date')}
              onChange={(event) => set('publish_date', event.target.value)}
            />
            <TextField
              label="Author"
              name="author"
              value={draft.author}
              error={errorOf('author')}
              onChange={(event) => set('author', event.target.value)}
            />
          </div>
        </fieldset>

        <fieldset className="ba-section">
          <legend className="ba-section__title">Image</legend>
          <ImageField
            url={draft.image_url}
            alt={draft.image_alt}
            urlError={errorOf('image_url')}
            altError={errorOf('image_alt')}
            onUrl={(url) => set('image_url', url)}
            onAlt={(alt) => set('image_alt', alt)}
            upload={(file) => upload.mutateAsync(file)}
          />
        </fieldset>

        <fieldset className="ba-section ba-flags">
          <legend className="ba-section__title">Publishing</legend>
          <Checkbox
            label="Featured"
            checked={draft.featured}
            onChange={(event) => set('featured', event.target.checked)}
          />
          <Checkbox
            label="Published"
            checked={draft.published}
            onChange={(event) => set('published', event.target.checked)}
          />
        </fieldset>

        <fieldset className="ba-section">
          <legend className="ba-section__title">Content</legend>
          {serverErrors.content.length > 0 && (
            <div className="pc-alert pc-alert--error ba-content-errors" id={idOf('content-errors')}>
              <p className="ac-message__text">The server refused the content:</p>
              <ul>
                {serverErrors.content.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            </div>
          )}
          <div className="ba-content">
            <div className="ba-content__blocks">
              <h3 className="ba-content__heading">Blocks</h3>
              {!blocksEditable && (
                <p id={idOf('blocks-locked')} className="ba-content__locked">
                  {BLOCKS_LOCKED_NOTE}
                </p>
              )}
              <fieldset
                className="ba-content__editors"
                disabled={!blocksEditable}
                aria-labelledby={idOf('blocks-legend')}
                aria-describedby={blocksEditable ? undefined : idOf('blocks-locked')}
              >
                <legend id={idOf('blocks-legend')} className="pc-visually-hidden">
                  Block editors
                </legend>
                {blocks.length === 0 && (
                  <p className="ac-muted">No blocks yet. Add one below or type the JSON.</p>
                )}
                {blocks.map((block, index) => (
                  <BlockEditor
                    key={index}
                    id={blockId(index)}
                    block={typeof block === 'object' && block !== null ? block : { type: String(block) }}
                    index={index}
                    errors={serverErrors.blocks[index] ?? []}
                    onChange={(next) => dispatch({ type: 'blockChanged', index, block: next })}
                    onRemove={() => dispatch({ type: 'blockRemoved', index })}
                  />
                ))}
                <div className="ba-add">
                  {ADD_BUTTONS.map(({ type, label }) => (
                    <Button
                      key={type}
                      id={type === 'paragraph' ? idOf('add-paragraph') : undefined}
                      size="sm"
                      variant="secondary"
                      onClick={() => dispatch({ type: 'blockAdded', blockType: type })}
                    >
                      {label}
                    </Button>
                  ))}
                </div>
              </fieldset>
            </div>
            <TextAreaField
              id={idOf('content')}
              label="Content (JSON)"
              className="ba-content__json"
              rows={18}
              spellCheck={false}
              required
              value={contentText}
              hint={<>{'{"blocks": [...]}'}: the block editors follow this text whenever it is valid JSON.</>}
              describedBy={serverErrors.content.length > 0 ? idOf('content-errors') : undefined}
              aria-invalid={
                serverErrors.content.length > 0 || failure === BLOG_MESSAGES.invalidJson ? true : undefined
              }
              onChange={(event) => dispatch({ type: 'contentTyped', text: event.target.value })}
            />
          </div>
        </fieldset>

        <div className="ba-editor__footer">
          <div role="alert" className="ba-editor__failure">
            {failure && (
              <div className="pc-alert pc-alert--error ba-editor__failure-line">
                <p className="ac-message__text">{failure}</p>
                {conflict && post && (
                  <Button variant="secondary" onClick={() => dispatch({ type: 'leaveAsked', question: 'reload' })}>
                    {RELOAD_LABEL}
                  </Button>
                )}
              </div>
            )}
          </div>
          <div className="ba-editor__buttons">
            <Button type="submit" busy={save.isPending} busyText={BLOG_MESSAGES.saving}>
              {BLOG_MESSAGES.savePost}
            </Button>
            <Button variant="secondary" onClick={requestClose} disabled={save.isPending}>
              Cancel
            </Button>
          </div>
        </div>
      </form>
      <ConfirmDialog
        open={askingToLeave !== null}
        title={DISCARD_TITLE}
        question={askingToLeave === 'reload' ? RELOAD_QUESTION : DISCARD_QUESTION}
        confirmLabel={askingToLeave === 'reload' ? RELOAD_LABEL : 'Discard changes'}
        cancelLabel="Keep editing"
        busyText="Loading..."
        busy={reloading}
        onConfirm={askingToLeave === 'reload' ? reloadSaved : onClose}
        onCancel={() => dispatch({ type: 'leaveCancelled' })}
      >
        <div role="alert">{reloadFailure && <p className="pc-alert pc-alert--error ac-message__text">{reloadFailure}</p>}</div>
      </ConfirmDialog>
    </section>
  );
}
