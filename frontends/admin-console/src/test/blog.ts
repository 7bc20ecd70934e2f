import { ADMIN_ENDPOINTS, AUTH_ENDPOINTS, BLOG_ENDPOINTS, type BlogPost } from '@paycadence/contracts';
import { serveEndpoints, type StubGateway, type StubHandler } from '@paycadence/web-kit/testing';

// The blog admin's calls (and sign-out, which also closes the queue board), answered by web-kit's stub gateway in specs.
const BLOG_ADMIN_ENDPOINTS = { ...BLOG_ENDPOINTS, logout: AUTH_ENDPOINTS.logout, endQueueBoardSession: ADMIN_ENDPOINTS.endQueueBoardSession };
export type BlogEndpointName = keyof typeof BLOG_ADMIN_ENDPOINTS;
export type BlogStubServer = StubGateway<BlogEndpointName>;

export const serveBlogApi = (initial: Partial<Record<BlogEndpointName, StubHandler>>): BlogStubServer => serveEndpoints(BLOG_ADMIN_ENDPOINTS, initial);

let sequence = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++sequence).padStart(12, '0')}`;

export function blogPost(overrides: Partial<BlogPost> = {}): BlogPost {
  return {
    id: uuid(),
    slug: 'teachers-and-the-summer-pay-gap',
    title: 'Teachers and the Summer Pay Gap',
    excerpt: 'Ten paychecks, twelve months of bills.',
    content: {
      blocks: [
        { type: 'paragraph', content: 'Summer is long.' },
        { type: 'heading', level: 2, content: 'Two ways districts handle it' },
      ],
    },
    category: 'Strategy',
    author: 'The PayCadence Team',
    image_url: null,
    image_alt: null,
    featured: false,
    published: true,
    created_at: '2026-02-01T10:00:00.000Z',
    updated_at: '2026-02-01T10:00:00.000Z',
    publish_date: '2026-02-09T00:00:00.000Z',
    read_time: '4 min read',
    seo: null,
    ...overrides,
  };
}
