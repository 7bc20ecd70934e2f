// Edits hand-written YAML (gateway/kong.yml, docker-compose.yml, kustomizations) by inserting text next to a
// node the `yaml` parser located, instead of re-serialising the document: comments, blank lines, flow
// collections and quoting stay exactly as their authors wrote them, and a diff shows only the new lines.
import { isMap, isPair, isScalar, isSeq, parseDocument } from 'yaml';

/** Parses YAML, failing with the file name on any error (an unknown alias included). */
export function parseYaml(text, file) {
  const document = parseDocument(text, { merge: true });
  const problem = document.errors[0];
  if (problem) throw new Error(`${file}: ${problem.message}`);
  return document;
}

/** The offset just after the line that holds `offset - 1` (the start of the next line). */
function afterLine(text, offset) {
  if (offset > 0 && text[offset - 1] === '\n') return offset;
  const newline = text.indexOf('\n', offset);
  return newline === -1 ? text.length : newline + 1;
}

const lineStart = (text, offset) => text.lastIndexOf('\n', offset - 1) + 1;
const indentationAt = (text, offset) => /^[ \t]*/.exec(text.slice(lineStart(text, offset)))[0];

/** Start and end of a sequence item or of a mapping entry (key line through its value). */
function extentOf(node) {
  if (isPair(node)) return { start: node.key.range[0], end: (node.value ?? node.key).range[2] };
  return { start: node.range[0], end: node.range[2] };
}

/**
 * Inserts `lines` (written at the reference's own indentation level: `- name: x` for a sequence item,
 * `key:` for a mapping entry) right after `reference`, optionally after a blank line.
 */
export function insertAfter(text, reference, lines, { blankLineBefore = false } = {}) {
  const { start, end } = extentOf(reference);
  const indentation = indentationAt(text, start);
  const at = afterLine(text, end);
  const block = lines.map((line) => (line === '' ? '' : `${indentation}${line}`)).join('\n');
  const prefix = at === text.length && !text.endsWith('\n') ? '\n' : '';
  return `${text.slice(0, at)}${prefix}${blankLineBefore ? '\n' : ''}${block}\n${text.slice(at)}`;
}

/** The original source of a mapping entry (its key line through the end of its value), as written. */
export function entrySource(text, pair) {
  const { start, end } = extentOf(pair);
  return text.slice(lineStart(text, start), afterLine(text, end)).replace(/\n$/, '');
}

/** Re-indents a block of source lines so its first line starts at column 0 plus `indentation`. */
export function reindent(block, indentation) {
  const lines = block.split('\n');
  const current = /^[ \t]*/.exec(lines[0])[0].length;
  return lines.map((line) => (line.trim() === '' ? '' : `${indentation}${line.slice(current)}`));
}

/** Items of a block sequence found at `path`, or [] when there is none. */
export function seqItems(document, path) {
  const node = document.getIn(path, true);
  return isSeq(node) ? node.items : [];
}

/** Entries of a block mapping found at `path`, or [] when there is none. */
export function mapPairs(document, path) {
  const node = document.getIn(path, true);
  return isMap(node) ? node.items : [];
}

/** A scalar's value, or a mapping's value at `key`, as plain JS. */
export function valueOf(node, key) {
  if (key === undefined) return isScalar(node) ? node.value : node?.toJSON?.();
  const value = isMap(node) ? node.get(key, true) : undefined;
  return isScalar(value) ? value.value : value?.toJSON?.();
}
