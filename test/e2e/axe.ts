import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Runs axe-core on the page as it is now (WCAG 2.1 A/AA rules and best practices) and fails with one readable line per
 * violation: the rule, what it means, and the first elements it found. Every screen's e2e calls it once its content
 * is on screen, e.g. `await expectNoAxeViolations(page)`; pass `include` to check only part of the page (a dialog), or
 * `exclude` to leave one out (the kit's toaster, reported to its owner); `allRules` runs every rule axe-core enables
 * by default (its whole rule set, not only the tags above), as the dashboard, agents and alert tests always have.
 *
 * axe runs in the page itself (`axe.run`, the builder's legacy mode): the console has no frames, and the default mode
 * (`axe.runPartial` in each frame, then `axe.finishRun` in a blank page opened for it) evaluated the 500 kB axe-core
 * source three times and opened a page per check. axe-core is evaluated once per document: a check on a page that
 * already holds it (the same document, not navigated since) uses it again. On the 2200 px dashboard a check cost about
 * 1.7 s of CPU in the default mode and 0.7 s in this one (the same rules, the same findings).
 */
export async function expectNoAxeViolations(page: Page, options: { include?: string; exclude?: string; disableRules?: string[]; allRules?: boolean } = {}): Promise<void> {
  const loaded = await page.evaluate('typeof window.axe?.run === "function"');
  // An empty statement as the source: the axe-core already in the page is the one that runs. Only the violations are reported in full (every violating element, as before): for the rules that pass, axe then
  // builds the selector and HTML of one element each instead of every element, which was over half of a check's CPU
  // (0.58 s -> 0.24 s a check on the dashboard, the same violations found).
  let builder = new AxeBuilder({ page, ...(loaded ? { axeSource: ';' } : {}) })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] });
  if (!options.allRules) builder = builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  if (options.include) builder = builder.include(options.include);
  if (options.exclude) builder = builder.exclude(options.exclude);
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
  const results = await builder.analyze();
  const lines = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help} — ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(' | ')}`,
  );
  expect(lines, 'axe violations').toEqual([]);
}
