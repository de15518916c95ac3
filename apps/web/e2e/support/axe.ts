import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Axe's violations on the page (or within `include`), once every finite animation and transition
 * running on it has ended: a dialog or a toast scanned while it fades in has the contrast of its
 * fade (white on a half-drawn blue button, 3.89:1; a toast's text at #ccc), which is not what an
 * admin reads. Infinite ones (a spinner) are not waited for.
 */
export async function axeViolations(page: Page, include?: string) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const builder = new AxeBuilder({ page });
  return (await (include === undefined ? builder : builder.include(include)).analyze()).violations;
}
