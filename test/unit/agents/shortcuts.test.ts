import { describe, expect, it } from 'vitest';
import { createShortcutStore } from '../../../main/agents/shortcut-store';
import { migrations, openStorage } from '../../../main/storage';
import { MAX_RECENT_LOOKUPS } from '../../../preload/contract/agents';

function store() {
  return createShortcutStore(openStorage({ folder: 'memory', migrations, inMemory: true }));
}

describe('recent and pinned devices', () => {
  it('keeps the newest look-ups first, each device once, up to the limit', async () => {
    const shortcuts = store();
    for (let i = 1; i <= MAX_RECENT_LOOKUPS + 3; i += 1) await shortcuts.recordLookup('p', String(i), `Camera ${i}`);
    await shortcuts.recordLookup('p', '5', 'Camera 5 renamed');
    const { recent } = await shortcuts.get('p');
    expect(recent).toHaveLength(MAX_RECENT_LOOKUPS);
    expect(recent.map((r) => r.id).slice(0, 3)).toEqual(['5', String(MAX_RECENT_LOOKUPS + 3), String(MAX_RECENT_LOOKUPS + 2)]);
    expect(recent[0]?.name).toBe('Camera 5 renamed');
    expect(new Set(recent.map((r) => r.id)).size).toBe(MAX_RECENT_LOOKUPS);
  });

  it('pins in order with the name last seen, keeps pins when the recent list is cleared, and unpins', async () => {
    const shortcuts = store();
    await shortcuts.recordLookup('p', '7', 'Gate');
    await shortcuts.setPinned('p', '9', true, null);
    await shortcuts.setPinned('p', '7', true, null);
    await shortcuts.setPinned('p', '7', true, null);
    expect((await shortcuts.get('p')).pinned).toEqual([{ id: '9', name: null }, { id: '7', name: 'Gate' }]);
    await shortcuts.recordLookup('p', '9', 'Lobby');
    expect((await shortcuts.clearRecent('p'))).toEqual({ recent: [], pinned: [{ id: '9', name: 'Lobby' }, { id: '7', name: 'Gate' }] });
    expect((await shortcuts.setPinned('p', '9', false, null)).pinned).toEqual([{ id: '7', name: 'Gate' }]);
    expect(await shortcuts.get('other')).toEqual({ recent: [], pinned: [] });
  });

  it('brings cleared look-ups back in their order, behind a look-up made since, a pinned device recent again, up to the limit', async () => {
    const shortcuts = store();
    for (const id of ['1', '2', '3']) await shortcuts.recordLookup('p', id, `Camera ${id}`);
    await shortcuts.setPinned('p', '2', true, null);
    const { recent } = await shortcuts.get('p');
    await shortcuts.clearRecent('p');
    await shortcuts.recordLookup('p', '9', 'Lobby');
    await shortcuts.recordLookup('p', '1', 'Camera 1 renamed');
    const back = await shortcuts.restoreRecent('p', recent);
    expect(back.recent.map((r) => [r.id, r.name])).toEqual([['1', 'Camera 1 renamed'], ['9', 'Lobby'], ['3', 'Camera 3'], ['2', 'Camera 2']]);
    expect(back.pinned.map((p) => p.id)).toEqual(['2']);

    const many = Array.from({ length: MAX_RECENT_LOOKUPS }, (_, i) => ({ id: `m${i}`, name: null, at: new Date(0).toISOString() }));
    expect((await shortcuts.restoreRecent('p', many)).recent).toHaveLength(MAX_RECENT_LOOKUPS);
  });
});
