import { CALLOUT_STYLES, HEADING_LEVELS } from '@paycadence/contracts';
import { Button, Select, TextAreaField, TextField } from '@paycadence/web-kit';
import { useEffect, useId, useState, type ReactNode } from 'react';
import {
  blockSummary,
  isEditable,
  newSource,
  removeAt,
  replaceAt,
  SOURCE_FIELDS,
  withSourceField,
  type RawBlock,
  type SourceField,
} from './content-blocks.js';

const BLOCK_NAMES: Record<string, string> = {
  paragraph: 'Paragraph',
  heading: 'Heading',
  callout: 'Callout',
  intro: 'Intro',
  sources_section: 'Sources section',
};
const SOURCE_LABELS: Record<SourceField, string> = {
  title: 'Title',
  author: 'Author',
  publication: 'Publication',
  year: 'Year',
  url: 'URL',
  description: 'Description',
};

/** The choices, plus the block's own value when it is none of them (typed in the JSON), so the select shows it. */
function withCurrent(options: Array<{ value: string; label: string }>, current: string) {
  return options.some((option) => option.value === current)
    ? options
    : [...options, { value: current, label: `${current || 'none'} (not allowed)` }];
}

const str = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** A block's text: web-kit's TextAreaField, the value handed on as a string. */
function TextArea({
  label,
  value,
  onChange,
  rows = 4,
  describedBy,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  rows?: number;
  describedBy?: string;
}) {
  return (
    <TextAreaField
      label={label}
      rows={rows}
      value={value}
      describedBy={describedBy}
      aria-invalid={describedBy ? true : undefined}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/**
 * After a removal, where focus goes (WCAG 2.4.3; the Remove button itself is gone): the first field of the item
 * now at that place or the one before it, the item itself when it has no field, else `fallbackId` (the add button).
 */
export function focusAfterRemoval(itemIds: readonly string[], removedIndex: number, fallbackId: string) {
  const target =
    itemIds.length > 0 ? document.getElementById(itemIds[Math.min(removedIndex, itemIds.length - 1)]!) : null;
  const element =
    target?.querySelector<HTMLElement>('input, textarea, select') ??
    target ??
    document.getElementById(fallbackId);
  element?.focus();
}

interface BlockFrameProps {
  /** The frame's id: focus lands on it (or its first field) after the block before it is removed. */
  id: string;
  index: number;
  name: string;
  onRemove: () => void;
  /** The server's messages about this block (`content.blocks.N.*`). */
  errors: string[];
  /** The id of the error list, which the block's first field names in aria-describedby. */
  errorsId: string | undefined;
  children: ReactNode;
}

function BlockFrame({ id, index, name, onRemove, errors, errorsId, children }: BlockFrameProps) {
  return (
    <fieldset id={id} tabIndex={-1} className={errors.length ? 'ba-block ba-block--invalid' : 'ba-block'}>
      <legend className="ba-block__legend">
        Block {index + 1}: {name}
      </legend>
      <Button
        size="sm"
        variant="ghost"
        className="ac-btn-remove ba-block__remove"
        aria-label={`Remove block ${index + 1}`}
        onClick={onRemove}
      >
        Remove
      </Button>
      {errors.length > 0 && (
        <ul id={errorsId} className="ba-block__errors">
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
      {children}
    </fieldset>
  );
}

export interface BlockEditorProps {
  /** The block frame's id (see BlockFrame). */
  id: string;
  block: RawBlock;
  index: number;
  errors: string[];
  onChange: (block: RawBlock) => void;
  onRemove: () => void;
}

/** One block: its own editor for the editor's types (docs/product/signed-in.md §3), a read-only line for every other type. */
export function BlockEditor({ id, block, index, errors, onChange, onRemove }: BlockEditorProps) {
  const set = (field: string, value: unknown) => onChange({ ...block, [field]: value });
  const errorsId = errors.length > 0 ? `${id}-errors` : undefined;
  /** What the block's first field adds: its block's server errors, read with it. */
  const firstField = { 'aria-describedby': errorsId, 'aria-invalid': errorsId ? true : undefined } as const;
  const frame = { id, index, onRemove, errors, errorsId };
  if (!isEditable(block)) {
    return (
      <BlockFrame {...frame} name={typeof block.type === 'string' ? block.type : 'Unknown block'}>
        <p className="ba-block__summary">{blockSummary(block)}</p>
        <p className="ba-block__hint">Edit this block in the JSON content.</p>
      </BlockFrame>
    );
  }
  const name = BLOCK_NAMES[block.type] ?? block.type;
  switch (block.type) {
    case 'paragraph':
    case 'intro':
      return (
        <BlockFrame {...frame} name={name}>
          <TextArea
            label="Text"
            value={str(block.content)}
            describedBy={errorsId}
            onChange={(value) => set('content', value)}
          />
        </BlockFrame>
      );
    case 'heading':
      return (
        <BlockFrame {...frame} name={name}>
          <div className="ba-block__row">
            <Select
              label="Level"
              className="ba-block__level"
              options={withCurrent(
                HEADING_LEVELS.map((level) => ({ value: String(level), label: `H${level}` })),
                str(block.level),
              )}
              value={str(block.level)}
              {...firstField}
              onChange={(event) => set('level', Number(event.target.value))}
            />
            <TextField
              label="Heading text"
              className="ba-block__grow"
              value={str(block.content)}
              onChange={(event) => set('content', event.target.value)}
            />
          </div>
        </BlockFrame>
      );
    case 'callout':
      return (
        <BlockFrame {...frame} name={name}>
          <Select
            label="Style"
            className="ba-block__level"
            options={withCurrent(
              CALLOUT_STYLES.map((style) => ({
                value: style,
                label: style[0]!.toUpperCase() + style.slice(1),
              })),
              str(block.style),
            )}
            value={str(block.style)}
            {...firstField}
            onChange={(event) => set('style', event.target.value)}
          />
          <TextArea
            label="Text"
            rows={3}
            value={str(block.content)}
            onChange={(value) => set('content', value)}
          />
        </BlockFrame>
      );
    case 'sources_section':
      return (
        <SourcesEditor block={block} frame={{ ...frame, name }} firstField={firstField} onChange={onChange} />
      );
  }
}

interface SourcesEditorProps {
  block: RawBlock;
  frame: Omit<BlockFrameProps, 'children'>;
  firstField: { 'aria-describedby': string | undefined; 'aria-invalid': true | undefined };
  onChange: (block: RawBlock) => void;
}

/** A sources_section: its title and its sources, each with its own fields and Remove. */
function SourcesEditor({ block, frame, firstField, onChange }: SourcesEditorProps) {
  const baseId = useId();
  const sourceId = (sourceIndex: number) => `${baseId}-source-${sourceIndex}`;
  const addId = `${baseId}-add`;
  const sources = Array.isArray(block.sources) ? (block.sources as Array<Record<string, unknown>>) : [];
  const set = (field: string, value: unknown) => onChange({ ...block, [field]: value });
  // Set by Remove source: focus moves once the list has re-rendered without it.
  const [removedIndex, setRemovedIndex] = useState<number | null>(null);
  useEffect(() => {
    if (removedIndex === null) return;
    focusAfterRemoval(
      sources.map((_, sourceIndex) => sourceId(sourceIndex)),
      removedIndex,
      addId,
    );
    setRemovedIndex(null);
  });
  return (
    <BlockFrame {...frame}>
      <TextField
        label="Section title"
        {...firstField}
        value={str(block.title)}
        onChange={(event) => {
          const next: RawBlock = { ...block, title: event.target.value };
          if (!event.target.value) delete next.title;
          onChange(next);
        }}
      />
      <ol className="ba-sources">
        {sources.map((source, sourceIndex) => (
          <li key={sourceIndex} className="ba-source">
            <fieldset id={sourceId(sourceIndex)} tabIndex={-1} className="ba-source__fields">
              <legend className="ba-source__legend">Source {sourceIndex + 1}</legend>
              {SOURCE_FIELDS.map((field) =>
                field === 'description' ? (
                  <TextArea
                    key={field}
                    label={SOURCE_LABELS[field]}
                    rows={2}
                    value={str(source[field])}
                    onChange={(value) =>
                      set('sources', replaceAt(sources, sourceIndex, withSourceField(source, field, value)))
                    }
                  />
                ) : (
                  <TextField
                    key={field}
                    label={SOURCE_LABELS[field]}
                    type={field === 'url' ? 'url' : 'text'}
                    className={`ba-source__${field}`}
                    value={str(source[field])}
                    onChange={(event) =>
                      set(
                        'sources',
                        replaceAt(sources, sourceIndex, withSourceField(source, field, event.target.value)),
                      )
                    }
                  />
                ),
              )}
              <Button
                size="sm"
                variant="ghost"
                className="ac-btn-remove"
                aria-label={`Remove source ${sourceIndex + 1}`}
                onClick={() => {
                  set('sources', removeAt(sources, sourceIndex));
                  setRemovedIndex(sourceIndex);
                }}
              >
                Remove
              </Button>
            </fieldset>
          </li>
        ))}
      </ol>
      <Button
        id={addId}
        size="sm"
        variant="secondary"
        onClick={() => set('sources', [...sources, newSource()])}
      >
        + Add Source
      </Button>
    </BlockFrame>
  );
}
