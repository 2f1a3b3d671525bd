/**
 * The dashboard's two top lists whose item shape the spec leaves open ("not shown": `cameras.streams.top_by_bitrate`,
 * `issues.top_by_issues`): each item is read by the field names the platform uses for the same ideas, and an item
 * without a number is left out rather than guessed. Shared: main keeps only the items a chart draws (an answer may
 * carry any number of them, of any size), the page draws them.
 */
export interface TopItemFields {
  label: readonly string[];
  value: readonly string[];
}

export const TOP_STREAMS_FIELDS: TopItemFields = { label: ['camera_name', 'name', 'stream_uid', 'uid', 'camera_id', 'id'], value: ['bitrate', 'bitrate_kbps', 'value'] };
export const TOP_ISSUES_FIELDS: TopItemFields = { label: ['camera_name', 'name', 'camera_id', 'id'], value: ['count_issues', 'issues', 'count', 'value'] };

/** How many items of a top list a chart draws. */
export const TOP_ITEMS_DRAWN = 10;

export interface TopItem {
  /** Where the item was in the answer's list. */
  index: number;
  label: string;
  value: number;
}

function record(item: unknown): Record<string, unknown> | null {
  return item !== null && typeof item === 'object' && !Array.isArray(item) ? (item as Record<string, unknown>) : null;
}

function firstText(item: Record<string, unknown>, keys: readonly string[]): string | null {
  for (const key of keys) {
    const value = item[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  }
  return null;
}

function firstNumber(item: Record<string, unknown>, keys: readonly string[]): number | null {
  for (const key of keys) {
    const value = item[key];
    const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
    if (Number.isFinite(n)) return n;
  }
  return null;
}

/** The largest items of a list of unknown shape, largest first (equal ones in the list's order). */
export function topItems(items: readonly unknown[], fields: TopItemFields, limit = TOP_ITEMS_DRAWN): TopItem[] {
  const found: TopItem[] = [];
  items.forEach((raw, index) => {
    const item = record(raw);
    if (!item) return;
    const value = firstNumber(item, fields.value);
    if (value === null) return;
    found.push({ index, label: firstText(item, fields.label) ?? `#${index + 1}`, value });
  });
  return found.sort((a, b) => b.value - a.value).slice(0, limit);
}

/**
 * The items a chart draws, each as the smallest item that reads the same (its label and its number under the first
 * field names): what main passes on instead of the list as received.
 */
export function drawnItems(items: readonly unknown[], fields: TopItemFields): Array<Record<string, string | number>> {
  return topItems(items, fields).map((item) => ({ [fields.label[0]!]: item.label, [fields.value[0]!]: item.value }));
}
