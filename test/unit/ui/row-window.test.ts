import { describe, expect, it } from 'vitest';
import type { Result } from '../../../preload/contract/app-error';
import { RowWindow, type WindowAnswer } from '../../../renderer/lib/row-window.svelte';

type Row = { id: string; value: number };
type Query = { desc: boolean };

/** Rows kept "elsewhere", answered as main answers a window, with every call recorded. */
function source(count: number) {
  let rows: Row[] = Array.from({ length: count }, (_, i) => ({ id: String(i), value: i }));
  const calls: Array<{ query: Query; offset: number; limit: number }> = [];
  const fetch = async (query: Query, offset: number, limit: number): Promise<Result<WindowAnswer<Row>>> => {
    calls.push({ query, offset, limit });
    const ordered = query.desc ? [...rows].reverse() : rows;
    const start = Math.min(offset, ordered.length);
    return { ok: true, value: { total: rows.length, matched: ordered.length, offset: start, rows: ordered.slice(start, start + limit) } };
  };
  return { fetch, calls, change: (id: string, value: number) => (rows = rows.map((r) => (r.id === id ? { ...r, value } : r))) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('RowWindow: the rows of a table kept elsewhere', () => {
  it('holds the rows in view plus a margin, and asks again only when the view leaves them', async () => {
    const rows = source(5000);
    const window = new RowWindow<Row, Query>(rows.fetch, { desc: false }, { max: 500, margin: 100 });
    window.show(0, 20);
    await settle();
    expect(window.matched).toBe(5000);
    expect(window.rows.length).toBe(120);
    window.show(10, 40);
    expect(rows.calls).toHaveLength(1);
    window.show(4980, 5000);
    await settle();
    expect(rows.calls.at(-1)).toMatchObject({ offset: 4880, limit: 220 });
    expect(window.offset).toBe(4880);
    expect(window.rows.at(-1)?.id).toBe('4999');
    expect(window.rows.length).toBeLessThanOrEqual(500);
  });

  it('a new query asks for the rows at the same place again, in the new order', async () => {
    const rows = source(1000);
    const window = new RowWindow<Row, Query>(rows.fetch, { desc: false }, { max: 500, margin: 10 });
    window.show(0, 10);
    window.setQuery({ desc: true });
    await settle();
    expect(window.rows[0]?.id).toBe('999');
    expect(window.current).toEqual({ desc: true });
  });

  it('a typed query waits for the pause in typing', async () => {
    const rows = source(100);
    const window = new RowWindow<Row, Query>(rows.fetch, { desc: false }, { max: 500, typingPauseMs: 20 });
    window.setQuery({ desc: true }, true);
    await settle();
    expect(rows.calls).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(rows.calls).toHaveLength(1);
  });

  it('patches changed rows where they are, ignores rows outside the window, and refreshes on demand', async () => {
    const rows = source(1000);
    const window = new RowWindow<Row, Query>(rows.fetch, { desc: false }, { max: 500, margin: 10 });
    window.show(0, 10);
    await settle();
    expect(window.patch([{ id: '900', value: -1 }], (r) => r.id)).toBe(false);
    expect(window.patch([{ id: '3', value: -3 }], (r) => r.id)).toBe(true);
    expect(window.rows[3]).toEqual({ id: '3', value: -3 });
    rows.change('4', -4);
    await window.refresh();
    expect(window.rows[4]).toEqual({ id: '4', value: -4 });
  });

  it('a failed read keeps the rows and says why', async () => {
    const failed: Result<WindowAnswer<Row>> = { ok: false, error: { kind: 'Offline', message: 'The console cannot reach main.', fieldErrors: {}, retryable: true } };
    const window = new RowWindow<Row, Query>(async () => failed, { desc: false }, { max: 10 });
    await window.refresh();
    expect(window.error?.message).toBe('The console cannot reach main.');
    expect(window.rows).toEqual([]);
  });
});

describe('RowWindow: a change told while a read is on its way', () => {
  it('is not undone by the answer when main read the window before the change', async () => {
    const rows = source(100);
    let answerLater: (() => void) | null = null;
    // Main reads the rows at once, but its answer reaches the page only after the change's event.
    const slowFetch: typeof rows.fetch = async (query, offset, limit) => {
      const answer = await rows.fetch(query, offset, limit);
      await new Promise<void>((resolve) => (answerLater = resolve));
      return answer;
    };
    const window = new RowWindow<Row, Query>(slowFetch, { desc: false }, { max: 500, margin: 10 });
    window.show(0, 10);
    await settle();
    rows.change('3', 333);
    window.patch([{ id: '3', value: 333 }], (row) => row.id);
    answerLater!();
    await settle();
    expect(window.rows.find((row) => row.id === '3')?.value).toBe(333);
  });
});
