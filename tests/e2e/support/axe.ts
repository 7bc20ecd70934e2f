// The accessibility check the journeys share: axe-core run in the page against WCAG 2 A/AA (2.0 and 2.1).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/**
 * The WCAG 2 A/AA violations axe finds on the page as it is now, one line each (rule, help, first nodes).
 * Only serious and critical ones count unless `allImpacts` is set; `within` (a CSS selector) narrows the check
 * to one part of the page, so a widget is judged on its own, not on the page behind it.
 */
export async function axeViolations(page: Page, { within, allImpacts = false }: { within?: string; allImpacts?: boolean } = {}): Promise<string[]> {
  // Evaluated through DevTools, not as an inline <script>: the CSP (script-src 'self') rightly blocks those.
  await page.evaluate(AXE_SOURCE);
  const violations = (await page.evaluate(
    async ({ selector, tags }) => {
      const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: unknown[] }> } }).axe;
      const context = selector === undefined ? document : document.querySelector(selector);
      return (await axe.run(context, { runOnly: { type: 'tag', values: tags } })).violations;
    },
    { selector: within, tags: WCAG_TAGS },
  )) as AxeViolation[];
  return violations
    .filter((violation) => allImpacts || violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(', ')})`);
}

/** The serious and critical WCAG 2 A/AA violations on the whole page: what every journey's axe check asserts is empty. */
export const seriousViolations = (page: Page): Promise<string[]> => axeViolations(page);
