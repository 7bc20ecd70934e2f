import { BLOCK_TYPES, WAITLIST_ENDPOINT_PATH, WAITLIST_ENDPOINTS, type BlockType, type BlogBlockOf } from '@paycadence/contracts';
import { fail, renderWithProviders, serveEndpoints } from '@paycadence/web-kit/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BlockRenderer } from './BlockRenderer';
import { CtaSectionBlock, SourcesSectionBlock } from './SectionBlocks';

afterEach(() => vi.unstubAllGlobals());

const renderBlocks = (blocks: unknown[]) => renderWithProviders(<BlockRenderer blocks={blocks} />, { user: null });

/** One block of every type, with a text that only that block draws. */
const ONE_OF_EACH: { [T in BlockType]: [BlogBlockOf<T>, string] } = {
  paragraph: [{ type: 'paragraph', content: 'A plain paragraph.' }, 'A plain paragraph.'],
  heading: [{ type: 'heading', level: 2, content: 'A section heading' }, 'A section heading'],
  callout: [{ type: 'callout', style: 'yellow', content: 'Mind the due date.' }, 'Mind the due date.'],
  numbered_list: [{ type: 'numbered_list', items: ['First step', 'Second step'] }, 'Second step'],
  bullet_list: [{ type: 'bullet_list', items: ['Rent', 'Phone'] }, 'Phone'],
  feature_box: [{ type: 'feature_box', title: 'What you get', items: ['Reminders'] }, 'What you get'],
  intro_callout: [{ type: 'intro_callout', content: 'Why timing matters.', subtitle: 'In short' }, 'Why timing matters.'],
  cta_section: [{ type: 'cta_section', title: 'Try it', button_text: 'See the demo', button_link: '/demo' }, 'Try it'],
  quote: [{ type: 'quote', content: 'Pay yourself first.', attribution: 'Ada', source: 'Money Notes' }, 'Pay yourself first.'],
  sources_section: [{ type: 'sources_section', sources: [{ title: 'Fed survey', url: 'https://example.org/fed' }] }, 'Fed survey'],
  intro: [{ type: 'intro', content: 'Paydays rarely match due dates.' }, 'Paydays rarely match due dates.'],
  intro_quote: [{ type: 'intro_quote', content: 'Timing is everything.', attribution: 'A reader' }, 'Timing is everything.'],
  faq_section: [{ type: 'faq_section', faqs: [{ question: 'Is it free?', answer: 'During the beta, yes.' }] }, 'Is it free?'],
};

describe('BlockRenderer', () => {
  it('has a sample for every block type of the contracts', () => {
    expect(Object.keys(ONE_OF_EACH).sort()).toEqual([...BLOCK_TYPES].sort());
  });

  it.each(Object.entries(ONE_OF_EACH))('renders a %s block', (_type, [block, text]) => {
    renderBlocks([block]);
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('renders all of them together, in order', () => {
    const entries = Object.values(ONE_OF_EACH);
    const { container } = renderBlocks(entries.map(([block]) => block));
    const body = container.textContent ?? '';
    const positions = entries.map(([, text]) => body.indexOf(text));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('clamps heading levels 1-4 to h2-h4 (1 and 2 are h2), keeping the page title the only h1', () => {
    renderBlocks([1, 2, 3, 4].map((level) => ({ type: 'heading', level, content: `Level ${level}` })));
    expect([1, 2, 3, 4].map((level) => screen.getByRole('heading', { name: `Level ${level}` }).tagName)).toEqual(['H2', 'H2', 'H3', 'H4']);
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it('never skips a level in the outline: a heading is at most one below the one before it', () => {
    const heading = (level: number, content: string) => ({ type: 'heading', level, content });
    renderBlocks([
      heading(4, 'Opens at level 4'),
      heading(2, 'A section'),
      heading(4, 'Level 4 right after level 2'),
      heading(4, 'Another level 4'), // under an h3 now, so an h4 skips nothing
      { type: 'faq_section', faqs: [{ question: 'Q?', answer: 'A.' }] },
      heading(4, 'Level 4 after the FAQ title'),
    ]);
    const tag = (name: string) => screen.getByRole('heading', { name }).tagName;
    expect(['Opens at level 4', 'A section', 'Level 4 right after level 2', 'Another level 4', 'Level 4 after the FAQ title'].map(tag)).toEqual([
      'H2',
      'H2',
      'H3',
      'H4',
      'H3',
    ]);
    // The author's level still sets the look.
    expect(screen.getByRole('heading', { name: 'Level 4 right after level 2' })).toHaveClass('blog-heading--4');
  });

  it.each(['blue', 'red', 'teal', 'yellow'] as const)('draws a %s callout in its own style', (style) => {
    renderBlocks([{ type: 'callout', style, content: `A ${style} note` }]);
    expect(screen.getByText(`A ${style} note`).closest('.pc-callout')?.classList.contains(`pc-callout--${style}`)).toBe(true);
  });

  it('draws numbered lists as ol and bullet lists as ul, with plain items or title plus description', () => {
    renderBlocks([
      { type: 'numbered_list', items: ['Write down paydays', { title: 'Match bills', description: 'to the paycheck before them' }] },
      { type: 'bullet_list', items: [{ title: 'Rent' }, 'Utilities'] },
    ]);
    const [numbered, bullets] = screen.getAllByRole('list');
    expect(numbered!.tagName).toBe('OL');
    expect(within(numbered!).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Write down paydays', 'Match billsto the paycheck before them']);
    expect(within(numbered!).getByText('Match bills').tagName).toBe('STRONG');
    expect(bullets!.tagName).toBe('UL');
    expect(within(bullets!).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Rent', 'Utilities']);
  });

  it('shows a <script> in any text as the characters it is, never as markup', () => {
    const attack = '<script>window.__blogHacked = true</script><img src=x onerror="window.__blogHacked=true">';
    const { container } = renderBlocks([
      { type: 'paragraph', content: attack },
      { type: 'heading', level: 2, content: attack },
      { type: 'bullet_list', items: [attack] },
      { type: 'faq_section', faqs: [{ question: attack, answer: attack }] },
    ]);
    expect(screen.getAllByText(attack).length).toBeGreaterThanOrEqual(4);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect((window as { __blogHacked?: boolean }).__blogHacked).toBeUndefined();
  });

  it('skips unknown and malformed blocks and still draws the rest', () => {
    renderBlocks([
      { type: 'marquee', content: 'Unknown type' },
      null,
      'just a string',
      { type: 'heading', level: 9, content: 'Bad level' },
      { type: 'paragraph', content: 'Still here.' },
    ]);
    expect(screen.getByText('Still here.')).toBeInTheDocument();
    expect(screen.queryByText('Unknown type')).not.toBeInTheDocument();
    expect(screen.queryByText('Bad level')).not.toBeInTheDocument();
  });

  it('draws FAQs as disclosures: question in the summary, answer inside', () => {
    const { container } = renderBlocks([{ type: 'faq_section', title: 'Questions', faqs: [{ question: 'When?', answer: 'Soon.' }] }]);
    expect(screen.getByRole('heading', { level: 2, name: 'Questions' })).toBeInTheDocument();
    const details = container.querySelector('details');
    expect(details?.querySelector('summary')?.textContent).toBe('When?');
    expect(details?.textContent).toContain('Soon.');
  });

  it('shows a quote with its attribution and source', () => {
    renderBlocks([{ type: 'quote', content: 'Pay yourself first.', attribution: 'Ada', source: 'Money Notes' }]);
    const figure = screen.getByRole('figure');
    expect(within(figure).getByText('Pay yourself first.').closest('blockquote')).not.toBeNull();
    expect(within(figure).getByText('Money Notes').tagName).toBe('CITE');
    expect(figure.textContent).toContain('Ada');
  });
});

describe('sources_section', () => {
  it('links http(s) sources in a new tab without giving the page away, with the details', () => {
    renderBlocks([
      {
        type: 'sources_section',
        title: 'Where the numbers come from',
        sources: [{ title: 'Survey', url: 'https://example.org/survey', author: 'J. Doe', publication: 'Money Review', year: '2025', description: 'Method notes.' }],
      },
    ]);
    expect(screen.getByRole('heading', { level: 2, name: 'Where the numbers come from' })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: /Survey/ });
    expect(link.getAttribute('href')).toBe('https://example.org/survey');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByText('J. Doe · Money Review · 2025')).toBeInTheDocument();
    expect(screen.getByText('Method notes.')).toBeInTheDocument();
  });

  it('shows a source with a javascript: address as plain text, not a link', () => {
    renderWithProviders(
      <SourcesSectionBlock block={{ type: 'sources_section', sources: [{ title: 'Evil source', url: 'javascript:alert(1)' }] }} />,
      { user: null },
    );
    expect(screen.getByText('Evil source')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});

describe('cta_section', () => {
  const formBlock: BlogBlockOf<'cta_section'> = {
    type: 'cta_section',
    title: 'Get early access',
    content: 'Be first to line up your bills.',
    form: {
      api_endpoint: WAITLIST_ENDPOINT_PATH,
      source: 'blog-pay-after-payday',
      placeholder: 'Your best e-mail',
      button_text: 'Count me in',
      success_message: 'You are on the list!',
    },
  };

  async function join(email: string) {
    const user = userEvent.setup();
    const field = screen.getByPlaceholderText('Your best e-mail');
    await user.type(field, email);
    await user.click(screen.getByRole('button', { name: 'Count me in' }));
    return field as HTMLInputElement;
  }

  it("joins the waitlist with the block's source and shows the block's success message", async () => {
    const server = serveEndpoints(WAITLIST_ENDPOINTS, { join: () => ({ success: true, message: 'ok' }) });
    renderBlocks([formBlock]);
    expect(screen.getByRole('heading', { level: 2, name: 'Get early access' })).toBeInTheDocument();
    const field = await join('reader@example.com');
    expect(await screen.findByText('You are on the list!')).toBeInTheDocument();
    expect(field.value).toBe('');
    expect(server.calls('join').map((call) => call.body)).toEqual([{ email: 'reader@example.com', source: 'blog-pay-after-payday' }]);
  });

  it('shows the same success message and clears the field when the call fails', async () => {
    const server = serveEndpoints(WAITLIST_ENDPOINTS, { join: () => fail(500, 'Waitlist down') });
    renderBlocks([formBlock]);
    const field = await join('reader@example.com');
    expect(await screen.findByText('You are on the list!')).toBeInTheDocument();
    expect(field.value).toBe('');
    expect(server.calls('join')).toHaveLength(1);
    expect(screen.queryByText('Waitlist down')).not.toBeInTheDocument();
  });

  it('never posts anywhere but the waitlist, whatever endpoint the block names', async () => {
    const fetchMock = vi.fn(async (..._args: unknown[]) => new Response('{"success":true,"message":"ok"}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const foreign = { ...formBlock, form: { ...formBlock.form!, api_endpoint: 'https://evil.example/collect' } } as unknown as BlogBlockOf<'cta_section'>;
    renderWithProviders(<CtaSectionBlock block={foreign} />, { user: null });
    await join('reader@example.com');
    await screen.findByText('You are on the list!');
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([WAITLIST_ENDPOINT_PATH]);
  });

  it('skips, through the renderer, a form block whose endpoint is not the waitlist', () => {
    renderBlocks([{ ...formBlock, form: { ...formBlock.form, api_endpoint: 'https://evil.example/collect' } }]);
    expect(screen.queryByRole('heading', { name: 'Get early access' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('turns a button block into a link: a site path or an http(s) address', () => {
    renderBlocks([
      { type: 'cta_section', title: 'Inside', button_text: 'Try the demo', button_link: '/demo' },
      { type: 'cta_section', title: 'Outside', button_text: 'Read the study', button_link: 'https://example.org/study' },
    ]);
    expect(screen.getByRole('link', { name: 'Try the demo' }).getAttribute('href')).toBe('/demo');
    expect(screen.getByRole('link', { name: 'Read the study' }).getAttribute('href')).toBe('https://example.org/study');
  });

  it('never makes a javascript: button link a link', () => {
    const evil = { type: 'cta_section', title: 'Click me', button_text: 'Win a prize', button_link: 'javascript:alert(document.cookie)' } as const;
    renderWithProviders(<CtaSectionBlock block={evil} />, { user: null });
    expect(screen.getByRole('heading', { name: 'Click me' })).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(document.querySelector('[href^="javascript"]')).toBeNull();
  });
});
