import { BLOG_MESSAGES } from '@paycadence/contracts';
import { renderWithProviders } from '@paycadence/web-kit/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN } from '../test/fixtures.js';
import { blogPost } from '../test/blog.js';
import { SocialModal } from './SocialModal.js';
import { generateSocialPost } from './social-post.js';

const ORIGIN = 'https://paycadence.test';
const post = blogPost();
const textArea = () => screen.getByRole('textbox') as HTMLTextAreaElement;
const renderModal = () => renderWithProviders(<SocialModal post={post} onClose={() => undefined} origin={ORIGIN} />, { user: ADMIN });
const withClipboard = (writeText: (text: string) => Promise<void>) => {
  const spy = vi.fn(writeText);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: spy }, configurable: true });
  return spy;
};

afterEach(() => vi.restoreAllMocks());

describe('Social post generator (docs/product/signed-in.md §2, §4, §5)', () => {
  it('starts on LinkedIn with the generated text, its counter against 3000 and its tips', () => {
    renderModal();
    expect(screen.getByRole('dialog', { name: 'Social Post Generator' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'LinkedIn' })).toBeChecked();
    expect(screen.getAllByRole('radio').map((r) => r.closest('label')!.textContent)).toEqual(['LinkedIn', 'Twitter/X', 'Facebook', 'Instagram']);
    const expected = generateSocialPost(post, 'linkedin', ORIGIN);
    expect(textArea()).toHaveValue(expected);
    expect(textArea().value).toContain(`${ORIGIN}/blog/${post.slug}`);
    expect(screen.getByText(`${Array.from(expected).length} / 3000`)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'LinkedIn tips' })).toBeInTheDocument();
  });

  it('counts live and warns in red over the limit, and still copies', async () => {
    const writeText = withClipboard(async () => undefined);
    renderModal();
    await userEvent.click(screen.getByRole('radio', { name: 'Facebook' }));
    fireEvent.change(textArea(), { target: { value: 'x'.repeat(2000) } });
    expect(screen.getByText('2000 / 2000')).toBeInTheDocument();
    expect(screen.queryByText(BLOG_MESSAGES.overLimit('Facebook'))).toBeNull();
    fireEvent.change(textArea(), { target: { value: 'x'.repeat(2001) } });
    expect(screen.getByText('2001 / 2000')).toHaveClass('ba-counter--over');
    expect(screen.getByText(BLOG_MESSAGES.overLimit('Facebook'))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Copy to Clipboard' }));
    expect(writeText).toHaveBeenCalledWith('x'.repeat(2001));
    expect(await screen.findByText(BLOG_MESSAGES.contentCopied)).toBeInTheDocument();
  });

  it('stays silent when the clipboard refuses', async () => {
    const writeText = withClipboard(async () => Promise.reject(new Error('denied')));
    renderModal();
    await userEvent.click(screen.getByRole('button', { name: 'Copy to Clipboard' }));
    await waitFor(() => expect(writeText).toHaveBeenCalled());
    expect(screen.queryByText(BLOG_MESSAGES.contentCopied)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('discards edits on Reset and on a platform change, regenerating for the platform', async () => {
    renderModal();
    await userEvent.type(textArea(), ' my edit');
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(textArea()).toHaveValue(generateSocialPost(post, 'linkedin', ORIGIN));
    await userEvent.type(textArea(), ' another edit');
    await userEvent.click(screen.getByRole('radio', { name: 'Twitter/X' }));
    expect(textArea()).toHaveValue(generateSocialPost(post, 'twitter', ORIGIN));
    expect(screen.getByText(`${Array.from(generateSocialPost(post, 'twitter', ORIGIN)).length} / 2800`)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Twitter/X tips' })).toBeInTheDocument();
  });
});
