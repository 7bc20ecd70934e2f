import { BLOG_MESSAGES, SOCIAL_PLATFORMS, type BlogPost, type SocialPlatformId } from '@paycadence/contracts';
import { Button, Modal, TextAreaField } from '@paycadence/web-kit';
import { useId, useState } from 'react';
import {
  characterCount,
  DEFAULT_PLATFORM,
  generateSocialPost,
  PLATFORM_TIPS,
  platformOf,
} from './social-post.js';

export interface SocialModalProps {
  /** The published post to share; null keeps the modal closed. */
  post: BlogPost | null;
  onClose: () => void;
  /** The site the link points at (window.location.origin in the page). */
  origin: string;
}

/** The social post generator of docs/product/signed-in.md §2, §4, §5: a modal over the list. */
export function SocialModal({ post, onClose, origin }: SocialModalProps) {
  return (
    <Modal open={post !== null} onClose={onClose} title="Social Post Generator" className="ba-social">
      {post && <SocialGenerator key={post.id} post={post} origin={origin} />}
    </Modal>
  );
}

function SocialGenerator({ post, origin }: { post: BlogPost; origin: string }) {
  const baseId = useId();
  const [platformId, setPlatformId] = useState<SocialPlatformId>(DEFAULT_PLATFORM);
  const [text, setText] = useState(() => generateSocialPost(post, DEFAULT_PLATFORM, origin));
  const [copied, setCopied] = useState(false);
  const platform = platformOf(platformId);
  const count = characterCount(text);
  const over = count > platform.limit;

  // docs/product/signed-in.md §4: choosing a platform or Reset discards manual edits and regenerates.
  const choose = (id: SocialPlatformId) => {
    setPlatformId(id);
    setText(generateSocialPost(post, id, origin));
    setCopied(false);
  };
  const copy = async () => {
    setCopied(false);
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // docs/product/signed-in.md §8: a clipboard failure is silent.
    }
  };

  return (
    <div className="ba-social__body">
      <p className="ba-social__post">
        For <strong>{post.title}</strong>
      </p>
      <div role="radiogroup" aria-label="Platform" className="ba-platforms">
        {SOCIAL_PLATFORMS.map((option) => (
          <label
            key={option.id}
            className={option.id === platformId ? 'ba-platform ba-platform--selected' : 'ba-platform'}
          >
            <input
              type="radio"
              name={`${baseId}-platform`}
              value={option.id}
              checked={option.id === platformId}
              onChange={() => choose(option.id)}
              className="ba-platform__input"
            />
            {option.label}
          </label>
        ))}
      </div>
      <TextAreaField
        id={`${baseId}-text`}
        label={`${platform.label} post`}
        className="ba-social__field"
        rows={12}
        value={text}
        error={over ? BLOG_MESSAGES.overLimit(platform.label) : null}
        describedBy={`${baseId}-count`}
        onChange={(event) => {
          setText(event.target.value);
          setCopied(false);
        }}
      />
      <p id={`${baseId}-count`} className={over ? 'ba-counter ba-counter--over' : 'ba-counter'}>
        {count} / {platform.limit}
      </p>
      <div className="ba-social__actions">
        {/* docs/product/signed-in.md §5: copying is still allowed over the limit. */}
        <Button onClick={() => void copy()}>Copy to Clipboard</Button>
        <Button variant="secondary" onClick={() => choose(platformId)}>
          Reset
        </Button>
      </div>
      <div role="status" className="ba-social__copied">
        {copied && (
          <p className="pc-alert pc-alert--success ac-message__text">{BLOG_MESSAGES.contentCopied}</p>
        )}
      </div>
      <section className="ba-tips" aria-labelledby={`${baseId}-tips`}>
        <h3 id={`${baseId}-tips`} className="ba-tips__title">
          {platform.label} tips
        </h3>
        <ul>
          {PLATFORM_TIPS[platformId].map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
