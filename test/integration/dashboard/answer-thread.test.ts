import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnswerThread, type AnswerThread } from '../../../main/dashboard/answer-thread';
import { createDashboardCacheRepository } from '../../../main/storage/repositories/dashboard-cache-repository';
import { storageAt } from '../../support/storage';
import { dashboard, mediaServer } from '../../unit/platform/samples';

// The answer thread as the dashboard feature uses it: a real worker thread, answers' bytes handed over to it, the
// offline copy written and read on the thread's own connection to a real database file.
const answer = {
  ...dashboard,
  mediaservers: {
    ...dashboard.mediaservers,
    top_by_bitrate: Array.from({ length: 200 }, (_, i) => ({ ...mediaServer, id: i + 1, traffic_in: i * 7, extra: { server: { hostname: `ms-${i + 1}` } } })),
  },
};

function bytesOf(text: string) {
  const bytes = Buffer.from(text, 'utf8');
  const buffer = new ArrayBuffer(bytes.length);
  new Uint8Array(buffer).set(bytes);
  return { bytes: buffer, length: bytes.length };
}

let dataDir: string;
let thread: AnswerThread;

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'wd-answer-thread-'));
  thread = startAnswerThread(storageAt(dataDir).file);
});
afterAll(async () => {
  await thread.close();
  storageAt(dataDir).close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the dashboard answer thread', () => {
  it('opens an answer from bytes handed over, answers windows sorted there, and saves the checked text for offline use', async () => {
    const text = JSON.stringify(answer);
    const body = bytesOf(text);
    const opened = await thread.open(body, 'view');
    // Handed over, not copied: main's buffer is empty now.
    expect(body.bytes.byteLength).toBe(0);
    expect(opened.ok && opened.summary.first.total).toBe(200);
    const window = await thread.ask({ kind: 'window', viewKey: 'view', query: { offset: 0, limit: 2, sort: { column: 'trafficIn', direction: 'descending' }, filter: { text: '', state: 'all' } } });
    expect(window?.rows.map((row) => row.id)).toEqual([200, 199]);

    const fetchedAt = '2026-11-26T09:00:00.000Z';
    await thread.ask({ kind: 'save', viewKey: 'view', profileId: 'p1', periodKey: 'today@Europe/Riga', fetchedAt });
    // Written through main's own repository on the same file: main reads what the thread wrote.
    const written = createDashboardCacheRepository(storageAt(dataDir)).readBytes('p1', 'today@Europe/Riga');
    expect({ fetchedAt: written?.fetchedAt, body: Buffer.from(written!.body).toString('utf8') }).toEqual({ fetchedAt, body: text });

    const saved = await thread.ask({ kind: 'openSaved', profileId: 'p1', periodKey: 'today@Europe/Riga', viewKey: 'stale-view', replaces: [] });
    expect(saved.summary?.dashboard.users).toEqual(answer.users);
    expect(saved).toMatchObject({ fetchedAt });
    const none = await thread.ask({ kind: 'openSaved', profileId: 'p1', periodKey: 'never@Europe/Riga', viewKey: null, replaces: [] });
    expect(none).toEqual({ summary: null, warning: null });
  });

  it('refuses a malformed answer with what was wrong, keeping nothing of it, and ignores a saved copy that no longer checks', async () => {
    const opened = await thread.open(bytesOf('{"users": {}}'), 'bad');
    expect(opened.ok).toBe(false);
    if (!opened.ok) expect(opened.problem.kind).toBe('shape');
    expect(await thread.ask({ kind: 'window', viewKey: 'bad', query: { offset: 0, limit: 1, sort: null, filter: { text: '', state: 'all' } } })).toBeNull();

    createDashboardCacheRepository(storageAt(dataDir)).write('p2', 'week@Europe/Riga', '2026-11-26T09:00:00.000Z', '{"users": {}}');
    const saved = await thread.ask({ kind: 'openSaved', profileId: 'p2', periodKey: 'week@Europe/Riga', viewKey: null, replaces: [] });
    expect(saved).toEqual({ summary: null, warning: 'a saved dashboard no longer matches the answer shape and was ignored' });
  });

  it('lets the views a new answer replaces go before it is parsed, even when the new answer is refused', async () => {
    const query = { offset: 0, limit: 1, sort: null, filter: { text: '', state: 'all' as const } };
    await thread.open(bytesOf(JSON.stringify(answer)), 'older');
    await thread.open(bytesOf(JSON.stringify(answer)), 'other');
    const refused = await thread.open(bytesOf('{"users": {}}'), 'newer', ['older']);
    expect(refused.ok).toBe(false);
    // Never two copies of one view: the older rows were let go when the new bytes arrived; other views stay.
    expect(await thread.ask({ kind: 'window', viewKey: 'older', query })).toBeNull();
    expect((await thread.ask({ kind: 'window', viewKey: 'other', query }))?.total).toBe(200);
    const opened = await thread.open(bytesOf(JSON.stringify(answer)), 'newest', ['other']);
    expect(opened.ok).toBe(true);
    expect(await thread.ask({ kind: 'window', viewKey: 'other', query })).toBeNull();
    expect((await thread.ask({ kind: 'window', viewKey: 'newest', query }))?.rows).toHaveLength(1);
  });

  it('lets the views a saved copy replaces go once the copy is read, and keeps them when there is no copy', async () => {
    const query = { offset: 0, limit: 1, sort: null, filter: { text: '', state: 'all' as const } };
    const fetchedAt = '2026-11-26T10:00:00.000Z';
    await thread.open(bytesOf(JSON.stringify(answer)), 'live');
    await thread.ask({ kind: 'save', viewKey: 'live', profileId: 'p3', periodKey: 'today@Europe/Riga', fetchedAt });
    await thread.open(bytesOf(JSON.stringify(answer)), 'shown');

    const none = await thread.ask({ kind: 'openSaved', profileId: 'p3', periodKey: 'never@Europe/Riga', viewKey: 'stale-none', replaces: ['shown'] });
    expect(none).toEqual({ summary: null, warning: null });
    expect((await thread.ask({ kind: 'window', viewKey: 'shown', query }))?.total).toBe(200);

    const saved = await thread.ask({ kind: 'openSaved', profileId: 'p3', periodKey: 'today@Europe/Riga', viewKey: 'stale', replaces: ['shown'] });
    expect(saved).toMatchObject({ fetchedAt });
    expect(saved.summary?.first.rows[0]).toEqual(answer.mediaservers.top_by_bitrate[0]);
    expect(await thread.ask({ kind: 'window', viewKey: 'shown', query })).toBeNull();
    expect((await thread.ask({ kind: 'window', viewKey: 'stale', query }))?.total).toBe(200);
  });

  it('saves a hostile but valid answer as the bytes that came, reads the copy back to the same figures and windows, and never saves a refused one over it', async () => {
    // Escapes, a surrogate pair, minus zero, a key twice (the last wins) and bytes that are not UTF-8 in one name.
    const odd = JSON.stringify(answer)
      .replace('"hostname":"ms-1"', '"hostname":"a\\"b\\\\ \\ud83d\\ude00 ms-1__"')
      .replace('"traffic_in":0,', '"traffic_in":-0,')
      .replaceAll('"traffic_out":', '"traffic_out":1e9,"traffic_out":');
    const sent = Buffer.from(odd);
    const marker = sent.indexOf('__');
    sent[marker] = 0xff;
    sent[marker + 1] = 0xc3;
    const buffer = new ArrayBuffer(sent.length);
    new Uint8Array(buffer).set(sent);
    const live = await thread.open({ bytes: buffer, length: sent.length }, 'odd-live');
    expect(live.ok).toBe(true);
    if (!live.ok) return;
    const fetchedAt = '2026-11-26T11:00:00.000Z';
    await thread.ask({ kind: 'save', viewKey: 'odd-live', profileId: 'p4', periodKey: 'today@Europe/Riga', fetchedAt });
    expect(Buffer.from(createDashboardCacheRepository(storageAt(dataDir)).readBytes('p4', 'today@Europe/Riga')!.body).equals(sent)).toBe(true);

    // A refused answer for the same slot is never saved: the copy stays the checked one.
    const refused = await thread.open(bytesOf(odd.slice(0, -5)), 'odd-refused');
    expect(refused.ok).toBe(false);
    await thread.ask({ kind: 'save', viewKey: 'odd-refused', profileId: 'p4', periodKey: 'today@Europe/Riga', fetchedAt: '2026-11-26T12:00:00.000Z' });
    const saved = await thread.ask({ kind: 'openSaved', profileId: 'p4', periodKey: 'today@Europe/Riga', viewKey: 'odd-saved', replaces: [] });
    expect(saved).toEqual({ summary: live.summary, fetchedAt });
    for (const sort of [null, { column: 'name', direction: 'descending' }, { column: 'trafficOut', direction: 'ascending' }] as const) {
      const query = { offset: 0, limit: 50, sort, filter: { text: '\ufffd', state: 'all' as const } };
      const window = await thread.ask({ kind: 'window', viewKey: 'odd-saved', query });
      // The one name with bytes that are not UTF-8, found by the character they read as.
      expect(window?.rows.map((row) => row.id)).toEqual([1]);
      expect(window).toEqual(await thread.ask({ kind: 'window', viewKey: 'odd-live', query }));
    }
  });

  it('once closed, answers a call still waiting with a failure instead of leaving it hanging', async () => {
    const other = startAnswerThread(null);
    const outcome = expect(other.open(bytesOf(JSON.stringify(answer)), 'x')).rejects.toThrow(/closed/);
    await other.close();
    await outcome;
  });
});
