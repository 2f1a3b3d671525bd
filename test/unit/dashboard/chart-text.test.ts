import { describe, expect, it } from 'vitest';
import { chartColumns, labelLines, textWidth } from '../../../renderer/features/dashboard/chart-text';

const upTo = (n: number) => (text: string) => text.length <= n;

describe('bar chart text that is never cut', () => {
  it('gives the labels the width their longest one needs, up to a share of the chart', () => {
    const wide = chartColumns(['Legal entities', 'Individuals'], ['235', '1,055'], 600, 25);
    expect(wide.label).toBe(textWidth(14, 25) + 12);
    expect(wide.maxChars).toBeGreaterThanOrEqual(14);
    expect(wide.value).toBe(textWidth(5, 25) + 12);
    const narrow = chartColumns(['A very long media server name in a narrow chart'], ['1'], 300, 15);
    expect(narrow.label).toBe(135);
    // A measured width wins over the estimate (wide letters such as "w" and "m").
    expect(chartColumns(['ms-waw-03'], ['1'], 600, 25, (text) => text.length * 20).label).toBe(9 * 20 + 12);
  });

  it('wraps a long label onto a second line at a space instead of cutting it', () => {
    expect(labelLines('Legal entities', upTo(20))).toEqual(['Legal entities']);
    expect(labelLines('Legal entities', upTo(8))).toEqual(['Legal', 'entities']);
    expect(labelLines('Sub-accounts', upTo(8))).toEqual(['Sub-', 'accounts']);
    expect(labelLines('With issues', upTo(9))).toEqual(['With', 'issues']);
  });

  it('cuts only what two lines cannot hold, and says so with an ellipsis', () => {
    const lines = labelLines('Antwerp Office Tower Stairwell North', upTo(10));
    expect(lines).toHaveLength(2);
    expect(lines[1]!.endsWith('…')).toBe(true);
    expect(lines.every((line) => line.length <= 10)).toBe(true);
  });
});
