import { BLOG_POST_DEFAULTS, type BlogSource } from '@paycadence/contracts';

// The editor's content (docs/product/signed-in.md §3, §4): the raw JSON area and the per-block editors show the same
// `{blocks: [...]}`. Editing a block rewrites the JSON; JSON that parses (with a blocks array) moves the block
// editors; JSON that does not parse leaves them as they were. Blocks are kept as the JSON holds them, so a
// block type without its own editor (lists, cta, faq...) survives an edit untouched.

/** A block as the JSON area holds it: only its `type` is known for sure. */
export type RawBlock = { type?: unknown; [field: string]: unknown };
export type RawContent = { blocks: RawBlock[]; [field: string]: unknown };

/** The block types with their own editor; the others get a read-only summary. */
export const EDITABLE_BLOCK_TYPES = ['paragraph', 'heading', 'callout', 'intro', 'sources_section'] as const;
export type EditableBlockType = (typeof EDITABLE_BLOCK_TYPES)[number];
export const isEditable = (block: RawBlock): block is RawBlock & { type: EditableBlockType } =>
  (EDITABLE_BLOCK_TYPES as readonly unknown[]).includes(block.type);

export const EMPTY_CONTENT: RawContent = { blocks: [...BLOG_POST_DEFAULTS.content.blocks] };

export function contentToText(content: RawContent): string {
  return JSON.stringify(content, null, 2);
}

export type ParsedContent = { ok: true; value: unknown; content: RawContent | null } | { ok: false };

/** The JSON area's text: not JSON (`ok: false`), or JSON with (`content`) or without a blocks array. */
export function parseContentText(text: string): ParsedContent {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false };
  }
  const isContent =
    typeof value === 'object' && value !== null && !Array.isArray(value) && Array.isArray((value as { blocks?: unknown }).blocks);
  if (!isContent) return { ok: true, value, content: null };
  const content = value as RawContent;
  // A block that is not an object cannot be edited; it stays in the JSON for the server to judge.
  return { ok: true, value, content };
}

/** The block each '+ ...' button adds (defaults of docs/product/signed-in.md §9: heading level 2, callout style teal). */
export function newBlock(type: 'paragraph' | 'heading' | 'callout' | 'sources_section'): RawBlock {
  switch (type) {
    case 'paragraph':
      return { type, content: '' };
    case 'heading':
      return { type, level: BLOG_POST_DEFAULTS.heading_level, content: '' };
    case 'callout':
      return { type, style: BLOG_POST_DEFAULTS.callout_style, content: '' };
    case 'sources_section':
      return { type, title: 'Sources', sources: [] };
  }
}

export const SOURCE_FIELDS = ['title', 'author', 'publication', 'year', 'url', 'description'] as const;
export type SourceField = (typeof SOURCE_FIELDS)[number];
/** Title and URL are required; an optional field left empty is dropped (the server refuses an empty one). */
const OPTIONAL_SOURCE_FIELDS: readonly SourceField[] = ['author', 'publication', 'year', 'description'];

export const newSource = (): Partial<Record<SourceField, string>> => ({ title: '', url: '' });

/** A source with one field changed; an optional field emptied is removed. */
export function withSourceField(source: Partial<BlogSource> | Record<string, unknown>, field: SourceField, value: string) {
  const next: Record<string, unknown> = { ...source, [field]: value };
  if (value === '' && OPTIONAL_SOURCE_FIELDS.includes(field)) delete next[field];
  return next;
}

export const replaceAt = <T>(items: readonly T[], index: number, item: T): T[] => items.map((current, i) => (i === index ? item : current));
export const removeAt = <T>(items: readonly T[], index: number): T[] => items.filter((_, i) => i !== index);

/** One line about a block without its own editor ('bullet_list · 3 items'). */
export function blockSummary(block: RawBlock): string {
  const type = typeof block.type === 'string' ? block.type : 'unknown';
  const counted = (['items', 'faqs', 'sources'] as const).find((key) => Array.isArray(block[key]));
  const title = typeof block.title === 'string' ? block.title : typeof block.content === 'string' ? block.content : '';
  const parts = [type];
  if (title) parts.push(title.length > 60 ? `${title.slice(0, 60)}…` : title);
  if (counted) {
    const count = (block[counted] as unknown[]).length;
    parts.push(`${count} ${counted === 'faqs' ? 'questions' : counted}`);
  }
  return parts.join(' · ');
}
