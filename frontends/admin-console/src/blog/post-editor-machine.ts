import { BLOG_MESSAGES, type BlogPost } from '@paycadence/contracts';
import {
  contentToText,
  newBlock,
  parseContentText,
  removeAt,
  replaceAt,
  type RawBlock,
  type RawContent,
} from './content-blocks.js';
import {
  contentTextOf,
  draftFromPost,
  newDraft,
  withSlug,
  withTitle,
  type DraftCheck,
  type DraftField,
  type PostDraft,
} from './post-draft.js';
import { NO_SAVE_ERRORS, type SaveErrors } from './server-errors.js';

/** The kinds of block the '+ ...' buttons add. */
export type AddableBlockType = Parameters<typeof newBlock>[0];

/** Everything the post editor remembers between renders. */
export interface PostEditorState {
  /** The form and the JSON text as the editor opened: what counts as "no changes". */
  opened: { draft: PostDraft; contentText: string };
  draft: PostDraft;
  /** The JSON area's text, valid or not. */
  contentText: string;
  /** The last content that parsed with a blocks array: what the block editors show. */
  content: RawContent;
  clientErrors: Partial<Record<DraftField, string>>;
  serverErrors: SaveErrors;
  /** The line under the form after a refused save. */
  failure: string | null;
  /** The refused save was an edit conflict: the saved post may be loaded instead. */
  conflict: boolean;
  /** Which question the confirm dialog asks, if open. */
  askingToLeave: 'close' | 'reload' | null;
  /** The saved post is being loaded after an edit conflict. */
  reloading: boolean;
  reloadFailure: string | null;
  /** A block was just removed here: focus moves once the editors re-render. */
  removedIndex: number | null;
}

/** Setting one form field as typed; title and slug have their own actions (the slug follows the title). */
export type FieldChanged = { [F in DraftField]: { type: 'fieldChanged'; field: F; value: PostDraft[F] } }[DraftField];

export type PostEditorAction =
  | { type: 'titleTyped'; value: string }
  | { type: 'slugTyped'; value: string }
  | FieldChanged
  | { type: 'contentTyped'; text: string }
  | { type: 'blockAdded'; blockType: AddableBlockType }
  | { type: 'blockChanged'; index: number; block: RawBlock }
  | { type: 'blockRemoved'; index: number }
  | { type: 'removalFocused' }
  | { type: 'submitted'; check: DraftCheck }
  | { type: 'saveFailed'; errors: SaveErrors; reason: string; conflict: boolean }
  | { type: 'leaveAsked'; question: 'close' | 'reload' }
  | { type: 'leaveCancelled' }
  | { type: 'reloadStarted' }
  | { type: 'reloadFailed'; message: string }
  | { type: 'reloadSettled' };

/** The editor as it opens: a stored post, or the defaults of a new one. */
export function openPostEditor(post: BlogPost | null): PostEditorState {
  const opened = { draft: post ? draftFromPost(post) : newDraft(), contentText: contentTextOf(post) };
  return {
    opened,
    draft: opened.draft,
    contentText: opened.contentText,
    content: post ? (post.content as RawContent) : { blocks: [] },
    clientErrors: {},
    serverErrors: NO_SAVE_ERRORS,
    failure: null,
    conflict: false,
    askingToLeave: null,
    reloading: false,
    reloadFailure: null,
    removedIndex: null,
  };
}

/** What the admin typed: the bookkeeping fields (whether the slug was typed by hand, the loaded version) are not. */
const editedFields = ({ slugEdited: _slugEdited, loadedUpdatedAt: _loadedUpdatedAt, ...fields }: PostDraft) => fields;

/** Whether closing now would lose changes. */
export const isUnsaved = ({ opened, draft, contentText }: PostEditorState) =>
  contentText !== opened.contentText || JSON.stringify(editedFields(draft)) !== JSON.stringify(editedFields(opened.draft));

/** The blocks the block editors show. */
export const blocksOf = (content: RawContent): RawBlock[] => (Array.isArray(content.blocks) ? content.blocks : []);

/**
 * The server's verdict on the content was about the content it was sent: once that changes, it is dropped
 * (kept, its per-block messages would land on whichever block moved into that place).
 */
function dropContentErrors(errors: SaveErrors): SaveErrors {
  return errors.content.length > 0 || Object.keys(errors.blocks).length > 0 ? { ...errors, content: [], blocks: {} } : errors;
}

/**
 * Block editors → JSON area. Only reachable while the JSON text holds valid content (the block editors are
 * disabled otherwise), so the admin's own unfinished JSON is never overwritten.
 */
function withBlocks(state: PostEditorState, blocks: RawBlock[]): PostEditorState {
  const content = { ...state.content, blocks };
  return { ...state, content, contentText: contentToText(content), serverErrors: dropContentErrors(state.serverErrors) };
}

export function postEditorReducer(state: PostEditorState, action: PostEditorAction): PostEditorState {
  switch (action.type) {
    case 'titleTyped':
      return { ...state, draft: withTitle(state.draft, action.value) };
    case 'slugTyped':
      return { ...state, draft: withSlug(state.draft, action.value) };
    case 'fieldChanged':
      return { ...state, draft: { ...state.draft, [action.field]: action.value } };

    case 'contentTyped': {
      // JSON area → block editors, only when the text parses with a blocks array.
      const parsed = parseContentText(action.text);
      if (!parsed.ok || !parsed.content) return { ...state, contentText: action.text };
      return { ...state, contentText: action.text, content: parsed.content, serverErrors: dropContentErrors(state.serverErrors) };
    }
    case 'blockAdded':
      return withBlocks(state, [...blocksOf(state.content), newBlock(action.blockType)]);
    case 'blockChanged':
      return withBlocks(state, replaceAt(blocksOf(state.content), action.index, action.block));
    case 'blockRemoved':
      return { ...withBlocks(state, removeAt(blocksOf(state.content), action.index)), removedIndex: action.index };
    case 'removalFocused':
      return state.removedIndex === null ? state : { ...state, removedIndex: null };

    case 'submitted': {
      // A new attempt starts clean; a draft the client refuses shows why and is not sent.
      const cleared = { ...state, failure: null, conflict: false, clientErrors: {}, serverErrors: NO_SAVE_ERRORS };
      if (action.check.ok) return cleared;
      if (action.check.reason === 'fields') return { ...cleared, clientErrors: action.check.errors };
      // Only the alert: the content area is marked invalid by it, so it takes the focus.
      return { ...cleared, failure: BLOG_MESSAGES.invalidJson };
    }
    case 'saveFailed':
      return {
        ...state,
        serverErrors: action.errors,
        failure: BLOG_MESSAGES.saveFailed(action.reason),
        conflict: action.conflict,
      };

    case 'leaveAsked':
      return { ...state, askingToLeave: action.question };
    case 'leaveCancelled':
      // Not while the saved post is loading: it would replace the edits the admin just chose to keep.
      if (state.reloading) return state;
      return { ...state, askingToLeave: null, reloadFailure: null };
    case 'reloadStarted':
      return { ...state, reloading: true, reloadFailure: null };
    case 'reloadFailed':
      return { ...state, reloadFailure: action.message };
    case 'reloadSettled':
      return { ...state, reloading: false };
  }
}
