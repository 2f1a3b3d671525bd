import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleChild } from '../../support/bundle-child';
import { canMount, runOnSmallDisk } from '../../support/small-disk';

/**
 * A disk that fills up while the console runs (a 2 MB tmpfs in a private mount namespace, filled to the byte): every
 * save is refused with the sentence "The disk holding <folder> is full…", nothing refused shows as saved, nothing
 * acknowledged before is lost, and once space returns saves work again and survive a restart.
 */
let workDir: string;
let child: string;

type Answer = { ok: boolean; value?: unknown; error?: { kind: string; message: string; data?: { path: string; reason: string } } };
type Steps = Record<'before' | 'full' | 'after' | 'restart', Answer[]>;

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'wd-full-'));
  child = await bundleChild('test/support/children/full-disk-child.ts', join(workDir, 'full-disk-child.mjs'));
}, 60_000);
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe.skipIf(!canMount)('the disk holding the data folder fills up while the console runs', () => {
  it('refuses each save with the full-disk sentence, keeps everything acknowledged, and saves again once space returns', () => {
    const dataDir = mkdtempSync(join(workDir, 'tmpfs-'));
    const steps = runOnSmallDisk<Steps>(child, dataDir, { sizeMb: 2 });
    expect(steps.before.map((answer) => answer.ok)).toEqual([true, true, true]);

    const [saveList, lists, pin, shortcuts, saveDraft, work, status] = steps.full as [Answer, Answer, Answer, Answer, Answer, Answer, Answer];
    for (const refused of [saveList, pin, saveDraft]) {
      expect(refused).toMatchObject({ ok: false, error: { kind: 'StorageUnavailable', data: { path: dataDir, reason: 'full' } } });
      expect(refused.error!.message).toMatch(new RegExp(`^The disk holding ${dataDir} is full`));
    }
    // Nothing refused appears as saved: no list, no pin, no draft.
    expect((lists.value as Array<{ name: string }>).map((list) => list.name)).toEqual(['Kept before']);
    expect((shortcuts.value as { pinned: Array<{ id: string }> }).pinned.map((pinned) => pinned.id)).toEqual(['101']);
    expect((work.value as { drafts: Array<{ name: string }> }).drafts.map((d) => d.name)).toEqual(['Before']);
    expect((status.value as { storage: { problem: string } }).storage.problem).toMatch(/The disk holding .* is full/);

    const [listAfter, pinAfter, draftAfter, statusAfter] = steps.after as [Answer, Answer, Answer, Answer];
    expect([listAfter.ok, pinAfter.ok, draftAfter.ok]).toEqual([true, true, true]);
    expect((statusAfter.value as { storage: { problem: string | null } }).storage.problem).toBeNull();

    const [listsAgain, shortcutsAgain, workAgain] = steps.restart as [Answer, Answer, Answer];
    expect((listsAgain.value as Array<{ name: string }>).map((list) => list.name)).toEqual(['Kept before', 'Kept after']);
    expect((shortcutsAgain.value as { pinned: Array<{ id: string }> }).pinned.map((pinned) => pinned.id)).toEqual(['101', '303']);
    expect((workAgain.value as { drafts: Array<{ name: string }> }).drafts.map((d) => d.name).sort()).toEqual(['After', 'Before']);
  }, 90_000);
});
