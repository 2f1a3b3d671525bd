import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { Session, type Profiler } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';
import { createSavedOutboxStore } from '../main/outbox/outbox-store';
import { createPlatformClient } from '../main/platform/client';
import { startSimulator } from '../main/simulator';
import { outboxRound, undiciRound } from './outbox-flow';
const sim = await startSimulator({ seed: 42 });
const f = [...sim.state.foldersByKey.values()][0]!;
const placement = { group: sim.state.treeById.get(f.group_id)!.key, folder: f.key };
const dir = mkdtempSync(join(tmpdir(), 'df-'));
const key = randomBytes(32);
const client = createPlatformClient({ baseUrl: sim.baseUrl, tokenStyle: 'bearer', getToken: async () => sim.apiToken, timeoutMs: 30_000 });
const pool = new Pool(sim.baseUrl, { connections: 8 });
let round = 0;
const ob = () => outboxRound({ client, store: createSavedOutboxStore(join(dir, `${++round}.enc`), async () => key), placement, round });
const un = () => undiciRound({ pool, apiToken: sim.apiToken, placement, round: ++round });
for (let i = 0; i < 2; i++) { await ob(); await un(); }
const session = new Session(); session.connect();
await session.post('Profiler.enable'); await session.post('Profiler.setSamplingInterval', { interval: 200 });
async function prof(run: () => Promise<number>, n: number) {
  const walls: number[] = [];
  await session.post('Profiler.start');
  for (let i = 0; i < n; i++) walls.push(await run());
  const { profile } = await session.post('Profiler.stop');
  return { profile, walls };
}
const N = 4;
const o = await prof(ob, N); const u = await prof(un, N);
function areas(p: Profiler.Profile) {
  const self = new Map<number, number>();
  for (let i = 0; i < p.samples!.length; i++) self.set(p.samples![i]!, (self.get(p.samples![i]!) ?? 0) + (p.timeDeltas![i] ?? 0));
  const by = new Map<string, number>();
  for (const n of p.nodes) {
    const us = self.get(n.id) ?? 0; if (!us) continue;
    const url = n.callFrame.url; const name = n.callFrame.functionName;
    let a = url.includes('/main/simulator/') ? 'simulator' : url.includes('/node_modules/zod/') || url === '' && name === '' ? 'zod(+jit)' : url.includes('/node_modules/undici/') ? 'undici' : /\/main\/outbox\//.test(url) ? 'outbox' : /\/main\/platform\//.test(url) ? 'platform' : /\/preload\/contract\/camera\//.test(url) ? 'csv+rules' : url.includes('papaparse') ? 'csv+rules' : url.startsWith('node:') ? 'node:' + url.slice(5).replace('internal/', '').split('/')[0] : name.startsWith('(') ? name : url === '' ? 'native:' + name : url.replace(/^.*\/work\/wt\/onboarding\//, '');
    by.set(a, (by.get(a) ?? 0) + us);
  }
  return by;
}
import('node:fs').then((fs) => { fs.writeFileSync('/tmp/o.cpuprofile', JSON.stringify(o.profile)); fs.writeFileSync('/tmp/u.cpuprofile', JSON.stringify(u.profile)); });
const ao = areas(o.profile), au = areas(u.profile);
const keys = [...new Set([...ao.keys(), ...au.keys()])].sort((x, y) => ((ao.get(y) ?? 0) - (au.get(y) ?? 0)) - ((ao.get(x) ?? 0) - (au.get(x) ?? 0)));
console.log(`walls outbox ${o.walls.map((w) => w.toFixed(0)).join(' ')} | bare ${u.walls.map((w) => w.toFixed(0)).join(' ')}`);
console.log('area'.padEnd(32), 'outbox', 'bare', 'diff (ms per round)');
for (const k of keys.slice(0, 40)) { const a = (ao.get(k) ?? 0) / 1000 / N, b = (au.get(k) ?? 0) / 1000 / N; if (Math.abs(a - b) < 0.8 && a < 3) continue; console.log(k.slice(0, 32).padEnd(32), a.toFixed(1).padStart(6), b.toFixed(1).padStart(6), (a - b).toFixed(1).padStart(7)); }
await client.close(); await pool.close(); await sim.close();
