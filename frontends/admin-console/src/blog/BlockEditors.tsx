import { CALLOUT_STYLES, HEADING_LEVELS } from '@payday/contracts';
import { Button, Select, TextField } from '@payday/web-kit';
import { useId, type ChangeEvent, type ReactNode } from 'react';
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
  return options.some((option) => option.value === current) ? options : [...options, { value: current, label: `${current || 'none'} (not allowed)` }];
}

const str = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

function TextArea({ label, value, onChange, rows = 4, error }: { label: string; value: string; onChange: (value: string) => void; rows?: number; error?: string }) {
  const id = useId();
  return (
    <div className={error ? 'pc-field pc-field--invalid' : 'pc-field'}>
      <label htmlFor={id} className="pc-field__label">
        {label}
      </label>
      <textarea
        id={id}
        className="pc-input ba-textarea"
        rows={rows}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event: ChangeEvent<HTMLTextAreaElement>) => onChange(event.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="pc-field__error">
          {error}
        </p>
      )}
    </div>
  );
}

interface BlockFrameProps {
  index: number;
  name: string;
  onRemove: () => void;
  /** The server's messages about this block (`content.blocks.N.*`). */
  errors: string[];
  children: ReactNode;
}

function BlockFrame({ index, name, onRemove, errors, children }: BlockFrameProps) {
  return (
    <fieldset className={errors.length ? 'ba-block ba-block--invalid' : 'ba-block'}>
      <legend className="ba-block__legend">
        Block {index + 1}: {name}
      </legend>
      <Button size="sm" variant="ghost" className="ac-btn-remove ba-block__remove" aria-label={`Remove block ${index + 1}`} onClick={onRemove}>
        Remove
      </Button>
      {errors.length > 0 && (
        <ul className="ba-block__errors">
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
  block: RawBlock;
  index: number;
  errors: string[];
  onChange: (block: RawBlock) => void;
  onRemove: () => void;
}

/** One block: its own editor for the editor's types (part 2 §3), a read-only line for every other type. */
export function BlockEditor({ block, index, errors, onChange, onRemove }: BlockEditorProps) {
  const set = (field: string, value: unknown) => onChange({ ...block, [field]: value });
  if (!isEditable(block)) {
    return (
      <BlockFrame index={index} name={typeof block.type === 'string' ? block.type : 'Unknown block'} onRemove={onRemove} errors={errors}>
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
        <BlockFrame index={index} name={name} onRemove={onRemove} errors={errors}>
          <TextArea label="Text" value={str(block.content)} onChange={(value) => set('content', value)} />
        </BlockFrame>
      );
    case 'heading':
      return (
        <BlockFrame index={index} name={name} onRemove={onRemove} errors={errors}>
          <div className="ba-block__row">
            <Select
              label="Level"
              className="ba-block__level"
              options={withCurrent(
                HEADING_LEVELS.map((level) => ({ value: String(level), label: `H${level}` })),
                str(block.level),
              )}
              value={str(block.level)}
              onChange={(event) => set('level', Number(event.target.value))}
            />
            <TextField label="Heading text" className="ba-block__grow" value={str(block.content)} onChange={(event) => set('content', event.target.value)} />
          </div>
        </BlockFrame>
      );
    case 'callout':
      return (
        <BlockFrame index={index} name={name} onRemove={onRemove} errors={errors}>
          <Select
            label="Style"
            className="ba-block__level"
            options={withCurrent(
              CALLOUT_STYLES.map((style) => ({ value: style, label: style[0]!.toUpperCase() + style.slice(1) })),
              str(block.style),
            )}
            value={str(block.style)}
            onChange={(event) => set('style', event.target.value)}
          />
          <TextArea label="Text" rows={3} value={str(block.content)} onChange={(value) => set('content', value)} />
        </BlockFrame>
      );
    case 'sources_section': {
      const sources = Array.isArray(block.sources) ? (block.sources as Array<Record<string, unknown>>) : [];
      return (
        <BlockFrame index={index} name={name} onRemove={onRemove} errors={errors}>
          <TextField
            label="Section title"
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
                <fieldset className="ba-source__fields">
                  <legend className="ba-source__legend">Source {sourceIndex + 1}</legend>
                  {SOURCE_FIELDS.map((field) =>
                    field === 'description' ? (
                      <TextArea
                        key={field}
                        label={SOURCE_LABELS[field]}
                        rows={2}
                        value={str(source[field])}
                        onChange={(value) => set('sources', replaceAt(sources, sourceIndex, withSourceField(source, field, value)))}
                      />
                    ) : (
                      <TextField
                        key={field}
                        label={SOURCE_LABELS[field]}
                        type={field === 'url' ? 'url' : 'text'}
                        className={`ba-source__${field}`}
                        value={str(source[field])}
                        onChange={(event) => set('sources', replaceAt(sources, sourceIndex, withSourceField(source, field, event.target.value)))}
                      />
                    ),
                  )}
                  <Button size="sm" variant="ghost" className="ac-btn-remove" aria-label={`Remove source ${sourceIndex + 1}`} onClick={() => set('sources', removeAt(sources, sourceIndex))}>
                    Remove
                  </Button>
                </fieldset>
              </li>
            ))}
          </ol>
          <Button size="sm" variant="secondary" onClick={() => set('sources', [...sources, newSource()])}>
            + Add Source
          </Button>
        </BlockFrame>
      );
    }
  }
}
