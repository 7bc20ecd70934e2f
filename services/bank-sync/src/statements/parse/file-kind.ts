import { STATEMENT_MESSAGES, type StatementFormat } from '@paycadence/contracts';
import { StatementFileError } from '../statement-file-error.js';

export interface DecodedFile {
  format: StatementFormat;
  text: string;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });
const WINDOWS_1252 = new TextDecoder('windows-1252');

/**
 * UTF-8 when the bytes are UTF-8 (a byte-order mark dropped), else Windows-1252: what US banks' older exports and
 * OFX 1.x files saying CHARSET:1252 use, and a decoding every byte sequence has.
 */
function decode(bytes: Uint8Array): string {
  try {
    return UTF8.decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return WINDOWS_1252.decode(bytes);
  }
}

/** How far into the file its kind is looked for: an OFX header, an XML prolog, or a CSV's first lines. */
const SNIFF_CHARS = 4096;

/**
 * What the file is, by its content (the name only tells QFX from OFX, which are the same format): OFX 1.x starts
 * with its `OFXHEADER:` block, OFX 2.x is XML with an `<OFX>` root, anything else that is text is tried as CSV.
 * Refused: an empty file, bytes that are no text (a PDF, a spreadsheet, an image: NUL bytes or none of them
 * printable), and XML declaring entities or a DOCTYPE (no statement does; the parser would never expand them, but a
 * file that tries is not read at all).
 */
export function decodeStatementFile(bytes: Uint8Array, fileName: string): DecodedFile {
  if (bytes.length === 0 || bytes.every((byte) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09)) {
    throw new StatementFileError(STATEMENT_MESSAGES.emptyFile);
  }
  if (bytes.includes(0)) throw new StatementFileError(STATEMENT_MESSAGES.wrongType, 415);
  const text = decode(bytes);
  const head = text.slice(0, SNIFF_CHARS).trimStart();
  const upperHead = head.toUpperCase();
  if (upperHead.includes('<!DOCTYPE') || upperHead.includes('<!ENTITY') || text.toUpperCase().includes('<!ENTITY')) {
    throw new StatementFileError(STATEMENT_MESSAGES.entitiesRefused);
  }
  const isOfx = upperHead.startsWith('OFXHEADER') || ((upperHead.startsWith('<?XML') || upperHead.startsWith('<OFX')) && upperHead.includes('<OFX'));
  if (isOfx) return { format: /\.qfx$/i.test(fileName) ? 'qfx' : 'ofx', text };
  if (head.startsWith('<') || head.startsWith('%PDF') || head.startsWith('{')) throw new StatementFileError(STATEMENT_MESSAGES.wrongType, 415);
  return { format: 'csv', text };
}
