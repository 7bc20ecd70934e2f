import { BLOG_MESSAGES } from '@paycadence/contracts';
import { ValidationFailedError } from '@paycadence/nest-kit';
import { PostInputPipe } from './post-input.js';

const pipe = new PostInputPipe();
const valid = { title: 'T', slug: 't', content: { blocks: [] } };

function refusal(body: unknown): ValidationFailedError {
  try {
    pipe.transform(body);
  } catch (error) {
    return error as ValidationFailedError;
  }
  throw new Error('expected a refusal');
}

describe('PostInputPipe', () => {
  it("passes a valid post with the editor's defaults", () => {
    expect(pipe.transform(valid)).toMatchObject({ slug: 't', published: true, featured: false, content: { blocks: [] } });
  });

  it('makes the first content error the message, even after another field error', () => {
    const error = refusal({ ...valid, title: '', content: { blocks: [{ type: 'paragraph', content: 'ok' }, { type: 'iframe' }] } });
    expect(error).toBeInstanceOf(ValidationFailedError);
    expect(error.status).toBe(400);
    expect(error.message).toBe(BLOG_MESSAGES.invalidBlockType('iframe', 1));
    expect(error.errors).toMatchObject({ title: 'Title is required', 'content.blocks.1.type': BLOG_MESSAGES.invalidBlockType('iframe', 1) });
  });

  it('says "Content must have a blocks array" for content without one, and the first error when content is fine', () => {
    expect(refusal({ ...valid, content: { items: [] } }).message).toBe(BLOG_MESSAGES.contentNeedsBlocks);
    expect(refusal({ ...valid, slug: 'Not A Slug' }).message).toBe('Slug may contain only lowercase letters, digits and single hyphens');
    expect(refusal(undefined).errors).toHaveProperty('title');
  });
});
