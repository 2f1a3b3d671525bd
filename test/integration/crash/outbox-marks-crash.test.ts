import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../main/simulator';
import { placementOf } from '../onboarding/console';
import { seededDelays } from '../../support/seeded-delays';
import { bundleChild } from '../../support/bundle-child';
import { outboxDatabase } from '../../support/outbox-db';
import { runOrKill } from '../../support/run-or-kill';

/**
 * The outbox child of the onboarding crash test, killed (SIGKILL) at seeded moments while it sends: after every kill,
 * each camera the simulator has created must have its entry on disk marked as sent (tried at least once). A camera
 * created whose entry still reads "queued, never tried" was sent before its mark was written, and would be sent again
 * after the restart. (The simulator recognises a camera sent twice by its external id, so counting cameras created
 * would not show it.)
 */

const COUNT = 1_500;
const KILLS = 12;
let sim: RunningSimulator;
let workDir: string;
let childScript: string;
beforeAll(async () => {
  sim = await startSimulator({ seed: 23 });
  // A server a little slow to create cameras, so that the kills land while sends are on the wire on any machine.
  sim.faults.add({ method: 'POST', path: '/api/v2/billing/cameras', latencyMs: 8 });
  workDir = mkdtempSync(join(tmpdir(), 'wd-outbox-marks-'));
  childScript = await bundleChild('test/integration/onboarding/crash-child.ts', join(workDir, 'crash-child.mjs'));
}, 60_000);
afterAll(async () => {
  await sim.close();
  rmSync(workDir, { recursive: true, force: true });
});

/**
 * One run of the child, killed after `killAfterMs` but not before the server created a camera in this run, so that
 * each kill lands while sends are on the wire. On a busy machine a restart's work before its first send (checking and
 * queueing the file again) outlasted the delay, and run after run was killed before sending anything.
 */
const runChild = (args: string[], killAfterMs: number | null) => {
  const createdBefore = sim.state.createdCameras.length;
  return runOrKill(childScript, args, killAfterMs, () => sim.state.createdCameras.length > createdBefore);
};

describe('outbox marks across kills', () => {
  it(`never leaves a camera created on the server with its entry unmarked, killed up to ${KILLS} times while sending ${COUNT} (seed 31)`, async () => {
    const db = outboxDatabase(mkdtempSync(join(workDir, 'data-')), randomBytes(32));
    const { group, folder } = placementOf(sim.state);
    const args = [db.folder, sim.baseUrl, sim.apiToken, String(COUNT), db.key.toString('hex'), group, folder];
    const nextDelay = seededDelays(31, 60, 400);
    const unmarkedAfter = (): string[] => {
      const { repository } = db.open();
      const byExternalId = new Map(repository.all().map((entry) => [entry.request.external_id, entry]));
      db.close();
      return sim.state.createdCameras
        .filter((camera) => camera.externalId?.startsWith('crash-'))
        .map((camera) => camera.externalId!)
        .filter((id) => {
          const entry = byExternalId.get(id);
          return entry === undefined || (entry.state === 'queued' && entry.attempts === 0 && !entry.maybeCreated);
        });
    };
    let kills = 0;
    const createdAtKills: number[] = [];
    for (let round = 0; round < KILLS; round++) {
      const result = await runChild(args, nextDelay());
      expect(result.output).not.toMatch(/STUCK|Error/);
      if (result.killed) kills += 1;
      createdAtKills.push(sim.state.createdCameras.length);
      expect(unmarkedAfter(), `cameras created with their entry unmarked after kill ${kills}`).toEqual([]);
      if (result.done) break;
    }
    const last = await runChild(args, null);
    expect(last.output).not.toMatch(/STUCK|Error/);
    expect(last.done).toBe(true);
    expect(unmarkedAfter()).toEqual([]);
    expect(kills).toBeGreaterThanOrEqual(5);
    const perId = new Map<string, number>();
    for (const camera of sim.state.createdCameras.filter((c) => c.externalId?.startsWith('crash-'))) perId.set(camera.externalId!, (perId.get(camera.externalId!) ?? 0) + 1);
    expect(perId.size).toBe(COUNT);
    expect([...perId.values()].filter((n) => n !== 1)).toEqual([]);
    // The kills landed while cameras were being sent, not all before or after.
    expect(new Set(createdAtKills).size).toBeGreaterThan(3);
    console.info(`outbox marks crash test: ${kills} kills; cameras created after each: ${createdAtKills.join(', ')}`);
  }, 240_000);
});
