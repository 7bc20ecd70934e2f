import { randomBytes } from 'node:crypto';
import { BLOG_IMAGE_LIMITS, BLOG_IMAGE_NAME_PATTERN, BLOG_IMAGE_PATH, canonicalImageExtension, type BlogImageType } from '@paycadence/contracts';

const TYPES = BLOG_IMAGE_LIMITS.types;
const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/**
 * The image type told by the file's first bytes (its magic number), never by its name or the declared content
 * type: an SVG, an HTML page or anything else is null, whatever it is called.
 */
export function sniffImageType(bytes: Uint8Array): BlogImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  return null;
}


/**
 * Whether an uploaded file's name agrees with its bytes: no name, or a name whose extension (after the last dot,
 * any case) is one of the type's. A name without an extension does not agree.
 */
export function fileNameFits(type: BlogImageType, fileName: string | undefined): boolean {
  if (fileName === undefined || fileName.trim() === '') return true;
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return false;
  const extension = fileName.slice(dot + 1).trim().toLowerCase();
  return (TYPES[type] as readonly string[]).includes(extension);
}

const TYPE_OF_EXTENSION = new Map<string, BlogImageType>(
  (Object.keys(TYPES) as BlogImageType[]).map((type) => [canonicalImageExtension(type), type]),
);

/** The content type a stored name stands for, or null for a name we never hand out. */
export function storedImageType(name: string): BlogImageType | null {
  // The contracts' rule, the same one post image URLs are checked against.
  if (!BLOG_IMAGE_NAME_PATTERN.test(name)) return null;
  return TYPE_OF_EXTENSION.get(name.slice(name.lastIndexOf('.') + 1)) ?? null;
}

/** A fresh random name for an image of this type (18 random bytes: guessing one is hopeless). */
export function newImageName(type: BlogImageType): string {
  return `${randomBytes(18).toString('base64url')}.${canonicalImageExtension(type)}`;
}

/** Where the gateway serves a stored image. */
export const imageUrl = (name: string) => `${BLOG_IMAGE_PATH}/${name}`;
