import { BLOG_IMAGE_LIMITS, BLOG_MESSAGES, isPostImageUrl } from '@paycadence/contracts';
import { Button, TextField } from '@paycadence/web-kit';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';

const ACCEPTED_TYPES = Object.keys(BLOG_IMAGE_LIMITS.types).join(',');
const MAX_MEGABYTES = BLOG_IMAGE_LIMITS.maxBytes / (1024 * 1024);
/** The preview follows the URL this long after the last keystroke (or at once when the field is left). */
export const PREVIEW_DELAY_MS = 500;

export interface ImageFieldProps {
  url: string;
  alt: string;
  urlError?: string;
  altError?: string;
  onUrl: (url: string) => void;
  onAlt: (alt: string) => void;
  /** Sends the file; resolves with the stored image's address, throws with the server's message. */
  upload: (file: File) => Promise<{ url: string }>;
}

/**
 * Image URL with its preview ('Invalid image URL' when it does not load), an upload, the alt text. The preview
 * loads only a settled URL that could be an image (http(s) or one of our uploads): no request per keystroke,
 * no lookups of half-typed hosts.
 */
export function ImageField({ url, alt, urlError, altError, onUrl, onAlt, upload }: ImageFieldProps) {
  const fileRef = useRef<HTMLInputElement>(null);
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState<string | null>(null);
  const typed = url.trim();
  // The URL the preview shows: the typed one once typing pauses, the field is left or an upload answers.
  const [settled, setSettled] = useState(typed);
  // Whether the admin has left the field since the last keystroke (a loaded post's URL counts as left).
  const [left, setLeft] = useState(true);
  useEffect(() => {
    if (typed === settled) return;
    const timer = setTimeout(() => setSettled(typed), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, settled]);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file may be picked again
    if (!file) return;
    setUploadError(null);
    setUploaded(null);
    if (file.size > BLOG_IMAGE_LIMITS.maxBytes) {
      setUploadError(BLOG_MESSAGES.imageTooLarge(MAX_MEGABYTES));
      return;
    }
    setUploading(true);
    try {
      const answer = await upload(file);
      onUrl(answer.url);
      setSettled(answer.url.trim());
      setLeft(true);
      setUploaded(`Uploaded ${file.name}`);
    } catch (error) {
      setUploadError(error instanceof Error ? error.message : String(error));
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="ba-image">
      <div className="ba-image__fields">
        <div className="ba-image__url-row">
          <TextField
            label="Image URL (optional)"
            name="image_url"
            className="ba-image__url"
            inputMode="url"
            value={url}
            error={urlError ?? uploadError}
            onChange={(event) => {
              setUploadError(null);
              setLeft(false);
              onUrl(event.target.value);
            }}
            onBlur={() => {
              setLeft(true);
              setSettled(typed);
            }}
          />
          <div className="ba-image__upload">
            <input
              ref={fileRef}
              type="file"
              accept={ACCEPTED_TYPES}
              className="pc-visually-hidden"
              tabIndex={-1}
              aria-hidden="true"
              data-testid="image-file"
              onChange={(event) => void onFile(event)}
            />
            <Button
              variant="secondary"
              busy={uploading}
              busyText="Uploading..."
              onClick={() => fileRef.current?.click()}
            >
              Upload image
            </Button>
          </div>
        </div>
        <p className="ba-image__status" role="status">
          {uploaded}
        </p>
        <TextField
          label="Image alt text (optional)"
          name="image_alt"
          value={alt}
          error={altError}
          onChange={(event) => onAlt(event.target.value)}
        />
      </div>
      <div className="ba-image__preview" aria-live="polite">
        {settled &&
          (isPostImageUrl(settled) ? (
            brokenUrl === settled ? (
              <p className="ba-image__invalid">{BLOG_MESSAGES.invalidImageUrl}</p>
            ) : (
              <img
                key={settled}
                src={settled}
                alt={alt || 'Image preview'}
                onError={() => setBrokenUrl(settled)}
                onLoad={() => setBrokenUrl(null)}
              />
            )
          ) : (
            // Not an address an image could load from: said once the admin has left the field.
            left && settled === typed && <p className="ba-image__invalid">{BLOG_MESSAGES.invalidImageUrl}</p>
          ))}
      </div>
    </div>
  );
}
