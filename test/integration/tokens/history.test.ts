import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasDbus } from '../../support/dbus';
import { openDesk as open, privateStreams, type Desk } from './desk';

/** Every desk a test opened is closed after it (app disposed, data folder removed), even when the test failed. */
const opened: Desk[] = [];
async function openDesk(...args: Parameters<typeof open>): Promise<Desk> {
  const desk = await open(...args);
  opened.push(desk);
  return desk;
}
afterEach(async () => {
  for (const desk of opened.splice(0).reverse()) await desk.close();
});

describe.skipIf(!hasDbus)('token history with the real keychain', () => {
  it('survives a restart: a new app over the same data folder and keychain reads it back', async () => {
    const first = await openDesk();
    const stream = privateStreams(first)[0]!;
    const issued = await first.value('tokens.create', { stream, live: true, ttl: 3600, note: 'gate camera for the visitor' });
    await first.dispose();

    const second = await openDesk({ dataDir: first.dataDir, keychainService: first.keychainService });
    const history = await second.value('tokens.history', {});
    expect(history.entries).toEqual([expect.objectContaining({ id: issued.id, token: issued.token, stream, note: 'gate camera for the visitor' })]);
    expect(history.recentStreams).toEqual([stream]);
  });

  it('cannot be read with another keychain, and says how to start again', async () => {
    const first = await openDesk();
    await first.value('tokens.create', { stream: privateStreams(first)[0]!, live: true, ttl: 60 });
    await first.dispose();
    const other = await openDesk({ dataDir: first.dataDir });
    const history = await other.value('tokens.history', {});
    expect(history.unreadable).toMatch(/cannot be read.*Clear the history/);
    await other.value('tokens.clearHistory', { confirm: true });
    expect((await other.value('tokens.history', {})).unreadable).toBeNull();
  });

  it('finds entries by any word of stream, note or token', async () => {
    const desk = await openDesk();
    const [a, b] = privateStreams(desk);
    await desk.value('tokens.create', { stream: a!, live: true, ttl: 60, note: 'north gate' });
    const second = await desk.value('tokens.create', { stream: b!, live: true, ttl: 60, note: 'south lobby' });
    expect((await desk.value('tokens.history', { search: 'SOUTH' })).entries.map((e) => e.id)).toEqual([second.id]);
    expect((await desk.value('tokens.history', { search: second.token!.slice(0, 12) })).matched).toBe(1);
    expect((await desk.value('tokens.history', { search: 'gate lobby' })).matched).toBe(0);
  });

  it('edits a note and exports the selected entries as CSV', async () => {
    const desk = await openDesk();
    const issued = await desk.value('tokens.create', { stream: privateStreams(desk)[0]!, live: true, ttl: 60 });
    await desk.value('tokens.create', { stream: privateStreams(desk)[1]!, live: true, ttl: 60 });
    await desk.value('tokens.setNote', { id: issued.id, note: 'handed to the fire brigade' });
    const exported = await desk.value('tokens.exportCsv', { ids: [issued.id] });
    expect(exported.rows).toBe(1);
    expect(exported.csv).toContain('handed to the fire brigade');
    expect(exported.csv).toContain(issued.token!);
    expect(exported.filename).toMatch(/^watchdesk-tokens-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
  });

  it('is cleared only with an explicit confirmation', async () => {
    const desk = await openDesk();
    await desk.value('tokens.create', { stream: privateStreams(desk)[0]!, live: true, ttl: 60 });
    const refused = await desk.call('tokens.clearHistory', { confirm: false as true });
    expect(refused.ok).toBe(false);
    await desk.value('tokens.clearHistory', { confirm: true });
    expect((await desk.value('tokens.history', {})).total).toBe(0);
  });

  it('brings back with the Undo of a clear a token whose history write the disk had refused, and writes it once the disk takes it', async () => {
    const desk = await openDesk();
    const { storage } = desk.app.services;
    storage.statement('PRAGMA query_only = 1').run();
    const issued = await desk.value('tokens.create', { stream: privateStreams(desk)[0]!, live: true, ttl: 60 });
    expect(issued.historyWarning).not.toBeNull();
    storage.statement('PRAGMA query_only = 0').run();
    await desk.value('tokens.clearHistory', { confirm: true });
    await desk.value('tokens.undoClearHistory', undefined);
    await vi.waitFor(async () => expect((await desk.value('tokens.history', {})).entries).toEqual([expect.objectContaining({ token: issued.token })]), { timeout: 6_000 });
  });

  it('keeps the Undo of a clear offered when the disk refuses the next clear', async () => {
    const desk = await openDesk();
    const issued = await desk.value('tokens.create', { stream: privateStreams(desk)[0]!, live: true, ttl: 60 });
    await desk.value('tokens.clearHistory', { confirm: true });
    // The disk takes nothing for a moment: the second clear is refused, and nothing of the first one is lost.
    const { storage } = desk.app.services;
    storage.statement('PRAGMA query_only = 1').run();
    expect((await desk.call('tokens.clearHistory', { confirm: true })).ok).toBe(false);
    storage.statement('PRAGMA query_only = 0').run();
    await desk.value('tokens.undoClearHistory', undefined);
    expect(await desk.value('tokens.history', {})).toMatchObject({ total: 1, entries: [{ id: issued.id, token: issued.token }] });
  });
});
