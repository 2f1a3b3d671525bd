import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleChild } from '../../support/bundle-child';
import { canMount, runOnSmallDisk } from '../../support/small-disk';

/**
 * The disk holding the data folder fills up while the console runs (a small tmpfs in a private mount namespace, filled
 * to the byte): a camera template, a server profile and a token batch are refused with the full-disk sentence, nothing
 * refused shows as saved, nothing saved before is lost, and once space returns each works again and survives a restart.
 */
let workDir: string;
let child: string;

type Answer = { ok: boolean; value?: unknown; error?: { kind: string; message: string } };

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'wd-full-saves-'));
  child = await bundleChild('test/support/children/full-disk-saves-child.ts', join(workDir, 'full-disk-saves-child.mjs'));
}, 60_000);
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe.skipIf(!canMount)('templates, profiles and token batches on a disk that fills up', () => {
  it('refuses each with the full-disk sentence, shows nothing refused as saved, and saves again once space returns', () => {
    const dataDir = mkdtempSync(join(workDir, 'tmpfs-'));
    const steps = runOnSmallDisk<Record<'before' | 'full' | 'recovered' | 'after' | 'restart', unknown[]>>(child, dataDir, { sizeMb: 4, timeoutMs: 120_000 });
    const [templateBefore, profileBefore, batchBefore, historyBefore] = steps.before as [Answer, Answer, Answer, number];
    expect([templateBefore.ok, profileBefore.ok, batchBefore.ok]).toEqual([true, true, true]);
    expect(historyBefore).toBe(20);

    const [template, templates, profile, profiles, batch, historyFull, single] = steps.full as [Answer, Answer, Answer, Answer, Answer, number, Answer];
    for (const refused of [template, profile]) {
      expect(refused).toMatchObject({ ok: false, error: { kind: 'StorageUnavailable' } });
      expect(refused.error!.message).toMatch(new RegExp(`^The disk holding ${dataDir} is full`));
    }
    // Nothing refused shows as saved.
    expect((templates.value as Array<{ name: string }>).map((one) => one.name)).toEqual(['Before']);
    expect((profiles.value as { profiles: Array<{ name: string }> }).profiles.map((one) => one.name)).not.toContain('Site refused');
    // The batch's tokens are valid on the server: shown, with the warning that they are not in the history yet.
    const fullBatch = batch.value as { counts: { ok: number }; historyWarning: string | null };
    expect(fullBatch.counts.ok).toBe(20);
    expect(fullBatch.historyWarning).toMatch(/20 new tokens are valid but could not be saved in the history: The disk holding .* is full/);
    expect(historyFull).toBe(20);
    // A token from the single form too: issued, shown, with the warning.
    expect(single).toMatchObject({ ok: true, value: { historyWarning: expect.stringMatching(/The disk holding .* is full/) } });

    // Once space returns, the tokens issued meanwhile (the batch's 20 and the single one) are written to the history,
    // and the batch's warning goes.
    const [warningAfter, historyRecovered] = steps.recovered as [string | null, number];
    expect(warningAfter).toBeNull();
    expect(historyRecovered).toBe(41);

    const [templateAfter, profileAfter, batchAfter, historyAfter] = steps.after as [Answer, Answer, Answer, number];
    expect([templateAfter.ok, profileAfter.ok, batchAfter.ok]).toEqual([true, true, true]);
    expect(historyAfter).toBe(61);

    const [templatesAgain, profilesAgain, historyAgain] = steps.restart as [Answer, Answer, number];
    const kept = (templatesAgain.value as Array<{ name: string; values: { onvif_credentials?: { password?: string } } }>).map((one) => [one.name, one.values.onvif_credentials?.password]);
    expect(kept).toEqual([['Before', 'pw-Before'], ['After', 'pw-After']]);
    const names = (profilesAgain.value as { profiles: Array<{ name: string }> }).profiles.map((one) => one.name);
    expect(names).toEqual(expect.arrayContaining(['Site before', 'Site after']));
    expect(names).not.toContain('Site refused');
    expect(historyAgain).toBe(61);
  }, 150_000);
});
