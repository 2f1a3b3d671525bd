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

const COUNT = 1_000;
const KILLS = 25;
let sim: RunningSimulator;
let workDir: string;
let childScript: string;
beforeAll(async () => {
  sim = await startSimulator({ seed: 43 });
  // Answers lost after the camera was made, and failures before it was: retries that the external id must decide.
  sim.faults.add({ path: '/api/v2/billing/cameras', dropAfter: true, probability: 0.1 });
  sim.faults.add({ path: '/api/v2/billing/cameras', status: 500, body: '{"message":"Server Error"}', contentType: 'application/json', probability: 0.05 });
  workDir = mkdtempSync(join(tmpdir(), 'wd-outbox-operator-'));
  childScript = await bundleChild('test/integration/crash/outbox-operator-child.ts', join(workDir, 'operator-child.mjs'));
}, 60_000);
afterAll(async () => {
  await sim.close();
  rmSync(workDir, { recursive: true, force: true });
});

describe('outbox crash safety while the installer works the outbox', () => {
  it(`creates each camera once when killed up to ${KILLS} times while importing, sending, fixing, removing, clearing and undoing (seed 23)`, async () => {
    const db = outboxDatabase(mkdtempSync(join(workDir, 'data-')), randomBytes(32));
    const { group, folder } = placementOf(sim.state);
    const marks = join(workDir, 'marks.txt');
    const nextDelay = seededDelays(23, 0, 150);
    const acked = new Set<string>();
    let kills = 0;
    let refusedUndos = 0;
    for (let round = 0; round <= KILLS; round++) {
      const last = round === KILLS;
      const args = [db.folder, sim.baseUrl, sim.apiToken, String(COUNT), db.key.toString('hex'), group, folder, marks, String(round + 1)];
      const run = await runOrKill(childScript, args, last ? null : nextDelay());
      expect(run.output).not.toMatch(/STUCK|Error|at file:/);
      for (const line of run.lines) if (line.startsWith('ACK ')) acked.add(line.slice(4));
      refusedUndos += run.lines.filter((line) => line.startsWith('UNDO-REFUSED ')).length;
      if (run.killed) kills += 1;
      if (run.done) break;
    }
    expect(kills).toBeGreaterThanOrEqual(10);

    const { repository } = db.open();
    const entries = repository.all();
    db.close();
    expect(entries.filter((entry) => entry.state !== 'created')).toEqual([]);
    expect(entries).toHaveLength(COUNT);
    const macs = new Set(entries.map((entry) => entry.request.mac));
    expect([...acked].filter((mac) => !macs.has(mac)), 'acknowledged cameras missing').toEqual([]);

    // The simulator's own state: each camera exists exactly once, by external id and by MAC.
    const created = sim.state.createdCameras.filter((c) => c.externalId?.startsWith('op-'));
    const perId = new Map<string, number>();
    const perMac = new Map<string, number>();
    for (const camera of created) {
      perId.set(camera.externalId!, (perId.get(camera.externalId!) ?? 0) + 1);
      perMac.set(camera.response.network_device.mac, (perMac.get(camera.response.network_device.mac) ?? 0) + 1);
    }
    expect(perId.size).toBe(COUNT);
    expect([...perId.values()].filter((n) => n !== 1)).toEqual([]);
    expect([...perMac.values()].filter((n) => n !== 1)).toEqual([]);
    console.info(`operator crash test: ${kills} kills, ${entries.filter((e) => e.recognisedByExternalId).length} recognised by external id, ${refusedUndos} undos refused`);
  }, 300_000);
});
