import { createRequire } from 'node:module';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from '@playwright/test';

/** axe-core in the page; the spec must run with `test.use({ bypassCSP: true })` (the CSP allows same-origin scripts only). */
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Runs axe on the page (WCAG 2.2 AA and best practice); returns its serious and critical violations, one readable line each. */
export async function seriousViolations(page: Page, where: string): Promise<string[]> {
  // A toast fading in is measured at part of its contrast: wait until every toast is fully shown,
  // or hidden for good (removed, or beyond the visible stack). A toast not yet mounted sits at
  // opacity 0 about to fade in, so 0 alone is not enough.
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLElement>('[data-sonner-toast]')].every((t) => {
      const opacity = getComputedStyle(t).opacity;
      if (opacity === '1') return t.dataset.mounted === 'true' && t.dataset.removed !== 'true';
      return opacity === '0' && (t.dataset.removed === 'true' || t.dataset.visible === 'false');
    }),
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath });
  const results = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } };
    return axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      resultTypes: ['violations'],
    });
  });
  return results.violations
    .filter((v: Result) => v.impact === 'serious' || v.impact === 'critical')
    .map((v: Result) => {
      const targets = v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(' | ');
      const why = (v.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240);
      return `${where}: [${v.impact}] ${v.id} — ${v.help} — ${targets} — ${why}`;
    });
}
