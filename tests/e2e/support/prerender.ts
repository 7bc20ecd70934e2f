import { expect, type Page } from '@playwright/test';

/**
 * Waits until the app has taken a prerendered public page over (the copy's `#root` loses
 * `data-prerendered`). A cold stack's first load of every module can take longer than expect's default 5 s on
 * a busy machine.
 */
export const handedOver = (page: Page) => expect(page.locator('#root[data-prerendered]')).toHaveCount(0, { timeout: 15_000 });
