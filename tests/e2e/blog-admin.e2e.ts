// The blog admin through the gateway (docs/product/signed-in.md §2, §4, §5, §8): an admin writes a post with
// several block types and an uploaded image and publishes it, and a signed-out visitor reads it at
// /blog/{slug} with the image loading; a draft stays hidden from the public; the social text per platform
// with its counter and over-limit warning; an edit saved reaches the visitor and a delete takes the post off
// the public blog; a plain user gets Access Denied; axe at laptop and phone width.
import { crc32, deflateSync } from 'node:zlib';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { createAdmin, signInAt } from './support/admin.js';
import { handedOver } from './support/prerender.js';
import { registerUser } from './support/session.js';
import { seriousViolations } from './support/axe.js';

/** A real PNG of `size`×`size` pixels in one colour, built byte by byte (signature, IHDR, IDAT, IEND). */
function solidPng(size: number, [r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 6)}`;

async function openBlogAdmin(page: Page) {
  const admin = await createAdmin(page.request);
  await signInAt(page, '/login', admin);
  await page.goto('/blog-admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog Admin' })).toBeVisible();
  await expect(page.getByText('Hi Ada!')).toBeVisible();
  return admin;
}

/** Opens 'Create New Post' and fills title (slug follows), excerpt and category. */
async function startPost(page: Page, title: string) {
  await page.getByRole('button', { name: 'Create New Post' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Create New Post' })).toBeVisible();
  const details = page.getByRole('group', { name: 'Post', exact: true });
  await details.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await details.getByRole('textbox', { name: 'Excerpt' }).fill('Ten paychecks, twelve months of bills: how to bridge the summer.');
  await details.getByLabel('Category').selectOption('Strategy');
}

const block = (page: Page, n: number) => page.getByRole('group', { name: new RegExp(`^Block ${n}:`) });

async function savePost(page: Page) {
  await page.getByRole('button', { name: 'Save Post' }).click();
  await expect(page.getByText('Post saved successfully!')).toBeVisible({ timeout: 10_000 });
}

async function visitor(browser: Browser) {
  const context = await browser.newContext();
  return { page: await context.newPage(), close: () => context.close() };
}

test('an admin writes and publishes a post with blocks and an uploaded image; a visitor reads it', async ({ page, browser }) => {
  await openBlogAdmin(page);
  const suffix = unique();
  const title = `Summer pay gap ${suffix}`;
  const slug = `summer-pay-gap-${suffix}`;
  await startPost(page, title);
  await expect(page.getByRole('textbox', { name: 'Slug' })).toHaveValue(slug);

  await page.getByRole('button', { name: '+ Paragraph' }).click();
  await block(page, 1).getByRole('textbox', { name: 'Text' }).fill('Ten-month pay leaves the summer without a paycheck.');
  await page.getByRole('button', { name: '+ Heading' }).click();
  await block(page, 2).getByLabel('Level').selectOption('3');
  await block(page, 2).getByRole('textbox', { name: 'Heading text' }).fill('Build your own summer paycheck');
  await page.getByRole('button', { name: '+ Callout' }).click();
  await block(page, 3).getByLabel('Style').selectOption('yellow');
  await block(page, 3).getByRole('textbox', { name: 'Text' }).fill('Set aside a sixth of each paycheck from September.');
  await page.getByRole('button', { name: '+ Add Sources Section' }).click();
  await block(page, 4).getByRole('button', { name: '+ Add Source' }).click();
  await block(page, 4).getByRole('textbox', { name: 'Title', exact: true }).fill('Teacher pay schedules');
  await block(page, 4).getByRole('textbox', { name: 'URL' }).fill('https://example.org/teacher-pay');
  await block(page, 4).getByRole('textbox', { name: 'Publication' }).fill('Example Review');

  // The JSON area follows the block editors.
  const json = JSON.parse(await page.getByRole('textbox', { name: 'Content (JSON)' }).inputValue());
  expect(json.blocks.map((b: { type: string }) => b.type)).toEqual(['paragraph', 'heading', 'callout', 'sources_section']);
  expect(json.blocks[1]).toEqual({ type: 'heading', level: 3, content: 'Build your own summer paycheck' });

  // Upload a real image; the URL field takes the stored image's address and the preview loads it.
  await page.getByTestId('image-file').setInputFiles({ name: 'summer.png', mimeType: 'image/png', buffer: solidPng(24, [15, 118, 110]) });
  await expect(page.getByRole('textbox', { name: 'Image URL (optional)' })).toHaveValue(/^\/api\/blog\/images\/[A-Za-z0-9_-]+\.png$/);
  await page.getByRole('textbox', { name: 'Image alt text (optional)' }).fill('A teal square');
  const preview = page.getByRole('img', { name: 'A teal square' });
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(24);

  await savePost(page);
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: title }) });
  await expect(row.getByText('Published', { exact: true })).toBeVisible();
  await expect(row.getByText('4 blocks')).toBeVisible();
  const view = row.getByRole('link', { name: /^View/ });
  await expect(view).toHaveAttribute('href', `/blog/${slug}`);
  await expect(view).toHaveAttribute('target', '_blank');

  const reader = await visitor(browser);
  try {
    await reader.page.goto(`/blog/${slug}`);
    // The post arrives rendered in the HTML; the app then takes the page over, replacing its elements once.
    await handedOver(reader.page);
    await expect(reader.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(reader.page.getByText('Ten-month pay leaves the summer without a paycheck.')).toBeVisible();
    await expect(reader.page.getByRole('heading', { name: 'Build your own summer paycheck' })).toBeVisible();
    await expect(reader.page.getByText('Set aside a sixth of each paycheck from September.')).toBeVisible();
    await expect(reader.page.getByRole('link', { name: /Teacher pay schedules/ })).toHaveAttribute('href', 'https://example.org/teacher-pay');
    const image = reader.page.getByRole('img', { name: 'A teal square' });
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(24);
    await reader.page.goto('/blog');
    await expect(reader.page.getByText(title).first()).toBeVisible();
  } finally {
    await reader.close();
  }
});

test('a draft stays hidden from the public: Post Not Found at its slug and absent from /blog', async ({ page, browser }) => {
  await openBlogAdmin(page);
  const suffix = unique();
  const title = `Draft notes ${suffix}`;
  await startPost(page, title);
  await page.getByRole('checkbox', { name: 'Published' }).uncheck();
  await page.getByRole('textbox', { name: 'Content (JSON)' }).fill(JSON.stringify({ blocks: [{ type: 'paragraph', content: 'Not ready yet.' }] }));
  await expect(block(page, 1).getByRole('textbox', { name: 'Text' })).toHaveValue('Not ready yet.');
  await savePost(page);

  await page.getByRole('tab', { name: /^Drafts/ }).click();
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: title }) });
  await expect(row.getByText('Draft', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /^Social/ })).toHaveCount(0);

  const reader = await visitor(browser);
  try {
    await reader.page.goto(`/blog/draft-notes-${suffix}`);
    await expect(reader.page.getByRole('heading', { level: 1, name: 'Post Not Found' })).toBeVisible();
    await reader.page.goto('/blog');
    await expect(reader.page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
    await expect(reader.page.getByText(/Why We Built PayCadence/).first()).toBeVisible();
    await expect(reader.page.getByText(title)).toHaveCount(0);
  } finally {
    await reader.close();
  }
});

test('invalid JSON saves nothing, and the server refuses bad content with its message next to the content', async ({ page }) => {
  await openBlogAdmin(page);
  const title = `Broken content ${unique()}`;
  await startPost(page, title);
  const content = page.getByRole('textbox', { name: 'Content (JSON)' });
  await content.fill('{"blocks": [');
  // The typed JSON is the truth while it does not parse: the block editors cannot overwrite it.
  await expect(page.getByRole('button', { name: '+ Paragraph' })).toBeDisabled();
  await page.getByRole('button', { name: 'Save Post' }).click();
  await expect(page.getByText('Invalid JSON in content field')).toBeVisible();
  await expect(content).toHaveValue('{"blocks": [');
  await content.fill(JSON.stringify({ blocks: [{ type: 'video', url: 'x' }, { type: 'paragraph', content: 'Fine.' }] }));
  await page.getByRole('button', { name: 'Save Post' }).click();
  await expect(page.getByText('Failed to save post: Invalid block type "video" at index 0')).toBeVisible();
  const refused = page.getByText('The server refused the content:').locator('..');
  await expect(refused.getByRole('listitem')).toHaveText(['Invalid block type "video" at index 0']);
  await expect(block(page, 1).getByText('Invalid block type "video" at index 0')).toBeVisible();
  // Removing the refused block drops the verdict: it never moves onto the paragraph.
  await block(page, 1).getByRole('button', { name: 'Remove block 1' }).click();
  await expect(block(page, 1).getByRole('textbox', { name: 'Text' })).toBeFocused();
  await expect(page.getByText('Invalid block type "video" at index 0', { exact: true })).toHaveCount(0);
  // Nothing was saved: leaving asks first, and 'Keep editing' keeps the editor as it was.
  await page.getByRole('button', { name: 'Cancel' }).click();
  const discard = page.getByRole('dialog', { name: 'Discard changes?' });
  await expect(discard.getByText('This post has changes that are not saved. Close the editor and lose them?')).toBeVisible();
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(block(page, 1).getByRole('textbox', { name: 'Text' })).toHaveValue('Fine.');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await discard.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page.getByRole('heading', { level: 3, name: title })).toHaveCount(0);
});

test('two admins edit one post: the later save is refused, and Reload post brings in the saved version to edit on', async ({ page }) => {
  await openBlogAdmin(page);
  const title = `Summer pay ${unique()}`;
  await startPost(page, title);
  await savePost(page);
  const rowOf = (where: Page, name: string) => where.getByRole('listitem').filter({ has: where.getByRole('heading', { level: 3, name }) });
  const titleField = (where: Page) => where.getByRole('group', { name: 'Post', exact: true }).getByRole('textbox', { name: 'Title', exact: true });

  // A second tab of the same admin opens the post too, and saves first.
  const other = await page.context().newPage();
  await other.goto('/blog-admin');
  await rowOf(other, title).getByRole('button', { name: `Edit ${title}` }).click();
  await rowOf(page, title).getByRole('button', { name: `Edit ${title}` }).click();
  await titleField(other).fill(`${title} (theirs)`);
  await other.getByRole('button', { name: 'Save Post' }).click();
  await expect(other.getByText('Post saved successfully!')).toBeVisible();
  await other.close();

  await titleField(page).fill(`${title} (mine)`);
  await page.getByRole('button', { name: 'Save Post' }).click();
  await expect(page.getByText('Failed to save post: This post was changed by someone else since you opened it. Reload it to see their changes.')).toBeVisible();
  await page.getByRole('button', { name: 'Reload post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Discard changes?' });
  await expect(dialog.getByText('Load the post as it is saved now? The changes you made here will be lost.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Reload post' }).click();
  await expect(titleField(page)).toHaveValue(`${title} (theirs)`);
  await expect(page.getByText('Failed to save post:', { exact: false })).toHaveCount(0);

  // Now on the saved version, the next save goes through.
  await titleField(page).fill(`${title} (both)`);
  await savePost(page);
  await expect(rowOf(page, `${title} (both)`)).toBeVisible();
});

test('an edit saved reaches the visitor; a confirmed delete takes the post off the list and the public blog', async ({ page, browser }) => {
  await openBlogAdmin(page);
  const suffix = unique();
  const title = `Payday calendar ${suffix}`;
  const slug = `payday-calendar-${suffix}`;
  await startPost(page, title);
  await page.getByRole('textbox', { name: 'Content (JSON)' }).fill(JSON.stringify({ blocks: [{ type: 'paragraph', content: 'First version.' }] }));
  await savePost(page);

  const rowOf = (name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name }) });
  await rowOf(title).getByRole('button', { name: `Edit ${title}` }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Edit Post' })).toBeVisible();
  const edited = `${title} (revised)`;
  await page.getByRole('group', { name: 'Post', exact: true }).getByRole('textbox', { name: 'Title', exact: true }).fill(edited);
  await expect(page.getByRole('textbox', { name: 'Slug' })).toHaveValue(slug);
  await block(page, 1).getByRole('textbox', { name: 'Text' }).fill('Second version.');
  await savePost(page);
  await expect(rowOf(edited)).toBeVisible();

  const reader = await visitor(browser);
  try {
    await reader.page.goto(`/blog/${slug}`);
    await expect(reader.page.getByRole('heading', { level: 1, name: edited })).toBeVisible();
    await expect(reader.page.getByText('Second version.')).toBeVisible();
    await expect(reader.page.getByText('First version.')).toHaveCount(0);

    await rowOf(edited).getByRole('button', { name: `Delete ${edited}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete post' });
    await expect(dialog.getByText(`Are you sure you want to delete "${edited}"?`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('Post deleted successfully!')).toBeVisible();
    await expect(rowOf(edited)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Create New Post' })).toBeFocused();

    await reader.page.goto(`/blog/${slug}`);
    await expect(reader.page.getByRole('heading', { level: 1, name: 'Post Not Found' })).toBeVisible();
    await reader.page.goto('/blog');
    await expect(reader.page.getByText(/Why We Built PayCadence/).first()).toBeVisible();
    await expect(reader.page.getByText(edited)).toHaveCount(0);
  } finally {
    await reader.close();
  }
});

test('the social post generator: text per platform, counter, over-limit warning, copy still allowed', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openBlogAdmin(page);
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: /Teachers and the Summer Pay Gap/ }) });
  await row.getByRole('button', { name: /^Social/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Social Post Generator' });
  await expect(dialog.getByRole('radio', { name: 'LinkedIn' })).toBeChecked();
  const text = dialog.getByRole('textbox');
  const origin = new URL(page.url()).origin;

  for (const [label, limit, marker] of [
    ['LinkedIn', 3000, 'Key takeaways:'],
    ['Twitter/X', 2800, 'Read more:'],
    ['Facebook', 2000, 'In this post:'],
    ['Instagram', 2200, 'link in bio'],
  ] as const) {
    await dialog.getByRole('radio', { name: label }).check();
    const value = await text.inputValue();
    expect(value).toContain('Teachers and the Summer Pay Gap');
    expect(value).toContain(marker);
    expect(value).toContain(`${origin}/blog/teachers-and-the-summer-pay-gap`);
    await expect(dialog.getByText(`${Array.from(value).length} / ${limit}`)).toBeVisible();
    await expect(dialog.getByRole('heading', { name: `${label} tips` })).toBeVisible();
  }

  await text.fill('x'.repeat(2201));
  await expect(dialog.getByText('2201 / 2200')).toBeVisible();
  await expect(dialog.getByText('Content exceeds Instagram character limit')).toBeVisible();
  await dialog.getByRole('button', { name: 'Copy to Clipboard' }).click();
  await expect(dialog.getByText('Content copied to clipboard!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('x'.repeat(2201));
  await dialog.getByRole('button', { name: 'Reset' }).click();
  await expect(dialog.getByText('Content exceeds Instagram character limit')).toHaveCount(0);
  await expect(text).toHaveValue(/link in bio/);
});

test('a plain user gets Access Denied at /blog-admin', async ({ page }) => {
  const email = await registerUser(page, { prefix: 'blog-reader', firstName: 'Pat' });
  await signInAt(page, '/login', email);
  await page.goto('/blog-admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create New Post' })).toHaveCount(0);
});

for (const width of [1280, 390]) {
  test(`the blog admin list, editor and social generator pass axe at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openBlogAdmin(page);
    await expect(page.getByRole('tab', { name: /^All Posts \(\d+\)/ })).toBeVisible();
    expect(await seriousViolations(page), `list at ${width}px`).toEqual([]);
    await page.getByRole('button', { name: /^Social/ }).first().click();
    await expect(page.getByRole('dialog', { name: 'Social Post Generator' })).toBeVisible();
    expect(await seriousViolations(page), `social at ${width}px`).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Edit/ }).first().click();
    await expect(page.getByRole('heading', { level: 2, name: 'Edit Post' })).toBeVisible();
    expect(await seriousViolations(page), `editor at ${width}px`).toEqual([]);
    // Nothing wider than the screen at phone width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}
