import { BlogPostSchema, servedDataKey } from '@paycadence/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { blogKeys } from './blog-queries';
import { takeServedData } from './served-data';
import { aPost, forgetServedPage, serveData } from './test/fixtures';

afterEach(forgetServedPage);

describe('takeServedData', () => {
  it("answers the served post for its query key, and only once: a later visit asks the API", () => {
    const post = aPost({ slug: 'pay-after-payday' });
    serveData({ [servedDataKey(blogKeys.post(post.slug))]: post });
    expect(takeServedData(blogKeys.post(post.slug), BlogPostSchema)).toEqual(post);
    expect(takeServedData(blogKeys.post(post.slug), BlogPostSchema)).toBeUndefined();
  });

  it("answers nothing for another page's key, or when the page was served without data", () => {
    serveData({ [servedDataKey(blogKeys.post('one'))]: aPost({ slug: 'one' }) });
    expect(takeServedData(blogKeys.post('two'), BlogPostSchema)).toBeUndefined();
    forgetServedPage();
    expect(takeServedData(blogKeys.post('one'), BlogPostSchema)).toBeUndefined();
  });

  it('ignores data that does not match the API schema, and text that is not JSON', () => {
    serveData({ [servedDataKey(blogKeys.post('one'))]: { title: 'no id, no content' } });
    expect(takeServedData(blogKeys.post('one'), BlogPostSchema)).toBeUndefined();
    forgetServedPage();
    serveData({}, '{"cut short');
    expect(takeServedData(blogKeys.post('one'), BlogPostSchema)).toBeUndefined();
  });
});
