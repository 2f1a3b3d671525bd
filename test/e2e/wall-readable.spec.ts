import { test, expect } from './fixtures';

test.use({ timezoneId: 'Europe/Berlin', viewport: { width: 1920, height: 1080 } });

test.describe('wall mode on a 1920x1080 screen', () => {
  test('no label or value is cut, traffic carries its unit, the type reads from three metres', async ({ page, console }) => {
    await console.open(page, 'dashboard');
    await expect(page.getByTestId('card-users')).toBeVisible();
    await page.getByRole('button', { name: 'Wall mode' }).click();
    const wall = page.getByTestId('wall');
    await expect(wall.getByTestId('card-users')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('wall-1920x1080.png') });
    // Nothing in the wall is clipped: every element whose text is cut (ellipsis or overflow) is listed.
    const cut = await wall.evaluate((root) =>
      [...root.querySelectorAll<HTMLElement>('*')]
        .filter((el) => el.children.length === 0 && (el.textContent ?? '').trim() !== '' && !el.closest('.visually-hidden, svg'))
        .filter((el) => {
          const style = getComputedStyle(el);
          return (el.scrollWidth > el.clientWidth + 1 && style.overflowX !== 'visible') || style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth;
        })
        .map((el) => el.textContent!.trim()),
    );
    expect(cut).toEqual([]);
    // Chart labels and values (SVG text) are whole: no ellipsis, no value past the chart's edge.
    const svgCut = await wall.evaluate((root) =>
      [...root.querySelectorAll<SVGSVGElement>('svg')].flatMap((svg) => {
        const plot = svg.parentElement!.getBoundingClientRect();
        return [...svg.querySelectorAll<SVGTextElement>('text')]
          .filter((text) => (text.textContent ?? '').includes('…') || text.getBoundingClientRect().right > plot.right + 0.5 || text.getBoundingClientRect().left < plot.left - 0.5)
          .map((text) => text.textContent!.trim());
      }),
    );
    expect(svgCut).toEqual([]);
    // The whole wall is on one screen: nobody scrolls a wall.
    expect(await wall.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(0);
    // Traffic carries its unit.
    const traffic = wall.getByTestId('chart-traffic');
    await expect(traffic.locator('text.value').first()).toHaveText(/\d (kbit|Mbit|Gbit)\/s$/);
    // Smallest text on the wall: at least 20 px at 1920x1080 (about 10 mm tall on a 55" screen, read at 3 m).
    const smallest = await wall.evaluate((root) =>
      Math.min(
        ...[...root.querySelectorAll<HTMLElement>('*')]
          .filter((el) => [...el.childNodes].some((n) => n.nodeType === 3 && (n.textContent ?? '').trim() !== '') && el.getClientRects().length > 0)
          .map((el) => Number.parseFloat(getComputedStyle(el).fontSize)),
      ),
    );
    expect(smallest).toBeGreaterThanOrEqual(20);
  });
});
