import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/** Every list screen, by the path that opens it on a tab with an Actions column. */
const LIST_SCREENS = [
  { name: 'ute-list', path: '/ute-list' },
  { name: 'job-list', path: '/job-list' },
  { name: 'all-users', path: '/all-users' },
  { name: 'booking-list', path: '/booking-list' },
  { name: 'job-booking-list', path: '/job-booking-list' },
  { name: 'payment-history', path: '/payment-history?tab=manual' },
  { name: 'queries', path: '/queries' },
  { name: 'quotes', path: '/quotes' },
  { name: 'faq', path: '/faq' },
  { name: 'blogs', path: '/blogs' },
  { name: 'audit-log', path: '/audit-log' },
  { name: 'admins', path: '/admins' },
];

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

async function openList(page: Page, path: string) {
  await page.goto(path);
  const firstRow = page.locator('tr[data-row-id]').first();
  await expect(firstRow).toBeVisible();
  return firstRow;
}

for (const viewport of VIEWPORTS) {
  test.describe(`At ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const screen of LIST_SCREENS) {
      test(`${screen.name} keeps the row's buttons on screen and its first column pinned while the table scrolls`, async ({ adminPage: page }) => {
        const firstRow = await openList(page, screen.path);
        await page.screenshot({ path: test.info().outputPath(`${screen.name}-${viewport.width}.png`) });

        // The page itself does not scroll sideways: only the table's own box does.
        const pageOverflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(pageOverflow).toBeLessThanOrEqual(0);

        const actionsCell = firstRow.getByRole('cell').last();
        await expect(actionsCell).toHaveAttribute('data-pin', 'right');
        const boxes = [
          await actionsCell.boundingBox(),
          ...(await Promise.all((await actionsCell.getByRole('button').all()).map((button) => button.boundingBox()))),
        ];
        for (const box of boxes) {
          expect(box).not.toBeNull();
          expect(box!.x).toBeGreaterThanOrEqual(0);
          expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
        }

        const scroller = page.locator('[data-table-scroll]').first();
        await scroller.evaluate((element) => {
          element.scrollLeft = element.scrollWidth;
        });
        const firstCell = firstRow.getByRole('cell').first();
        await expect(firstCell).toHaveAttribute('data-pin', 'left');
        const [scrollerBox, cellBox] = [await scroller.boundingBox(), await firstCell.boundingBox()];
        expect(scrollerBox).not.toBeNull();
        expect(cellBox).not.toBeNull();
        // The box's one-pixel border sits between its edge and the pinned cell.
        expect(Math.abs(cellBox!.x - scrollerBox!.x)).toBeLessThanOrEqual(2);
        // The buttons are still where they were: pinned to the right edge of the box.
        const actionsBox = await actionsCell.boundingBox();
        expect(actionsBox!.x + actionsBox!.width).toBeLessThanOrEqual(viewport.width);
        await page.screenshot({ path: test.info().outputPath(`${screen.name}-${viewport.width}-scrolled.png`) });
      });
    }
  });
}
