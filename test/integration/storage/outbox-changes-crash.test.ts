import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations, openStorage } from '../../../main/storage';
import { OutboxRepository } from '../../../main/storage/repositories/outbox-repository';
import { createSealer } from '../../../main/storage/sealer';
import { bundleChild } from '../../support/bundle-child';
import { seededDelays } from '../../support/seeded-delays';

const KILLS = 16;
/**
 * Every kind of change must have been acknowledged before some kill. A loaded machine makes fewer changes between the
 * kills (the child's moments are the same), so the test goes on killing until each kind was seen, up to this many.
 */
const MAX_KILLS = 64;
const KINDS = ['clear', 'created', 'discard', 'edit', 'import', 'unclear', 'undo'];
let workDir: string;
let childScript: string;
beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'wd-outbox-changes-crash-'));
  childScript = await bundleChild('test/integration/storage/outbox-changes-crash-child.ts', join(workDir, 'child.mjs'));
}, 60_000);
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

type Said = { word: 'WILL' | 'ACK'; op: string; entries?: Array<[string, string]>; id?: string; password?: string; ids?: string[]; mark?: string };

/** Changes a run acknowledges before its kill may land: on a busy machine the delays alone ran out on one or none. */
const ACKS_BEFORE_KILL = 4;

/**
 * Runs the child and kills it (SIGKILL, no cleanup) `ms` after it is ready, but not before it acknowledged
 * ACKS_BEFORE_KILL changes (the kill then lands in a change after those, as the delay falls); answers its whole WILL
 * and ACK lines.
 */
function runAndKill(dataDir: string, key: Buffer, seed: number, ms: number): Promise<Said[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [childScript, dataDir, key.toString('hex'), String(seed)], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, WATCHDESK_LOG: 'silent' } });
    let out = '';
    let err = '';
    let timer: NodeJS.Timeout | null = null;
    const killOnce = (late: boolean) => {
      if ((out.match(/^ACK /gm)?.length ?? 0) < ACKS_BEFORE_KILL) timer = setTimeout(() => killOnce(true), 5);
      // Reached only after the delay: the kill still lands at a seeded moment of the change under way, not at its start.
      else if (late) timer = setTimeout(() => child.kill('SIGKILL'), ms % 50);
      else child.kill('SIGKILL');
    };
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (!timer && out.includes('READY\n')) timer = setTimeout(() => killOnce(false), ms);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.on('error', reject);
    // 'close', not 'exit': the child's last lines may still be in the pipe when it has exited.
    child.on('close', (code, signal) => {
      if (timer) clearTimeout(timer);
      if (signal !== 'SIGKILL') return reject(new Error(`the child ended by itself (${String(code)}): ${err}`));
      const lines = out.split('\n').slice(0, -1).filter((line) => line.startsWith('WILL ') || line.startsWith('ACK '));
      resolve(lines.map((line) => ({ word: line.startsWith('ACK') ? 'ACK' : 'WILL', ...(JSON.parse(line.slice(line.indexOf(' ') + 1)) as Omit<Said, 'word'>) })));
    });
  });
}

/** What the operator was told about each entry: live with this password (and created under this name), or gone. */
interface Told {
  live: boolean;
  password: string;
  createdAs: string | null;
}

/** Applies an acknowledged change to what the operator was told. */
function apply(told: Map<string, Told>, said: Said, discards: { last: string[] }): void {
  if (said.op === 'import') for (const [id, password] of said.entries!) told.set(id, { live: true, password, createdAs: null });
  if (said.op === 'edit') told.get(said.id!)!.password = said.password!;
  if (said.op === 'created') for (const [id, name] of said.entries!) told.get(id)!.createdAs = name;
  if (said.op === 'discard') {
    for (const id of said.ids!) told.get(id)!.live = false;
    discards.last = said.ids!;
  }
  if (said.op === 'undo') for (const id of discards.last) told.get(id)!.live = true;
}

describe('the outbox’s changes killed at random moments (schema step 13)', () => {
  it(`keep every acknowledged camera with its request readable, and nothing half done, over ${KILLS} kills or more (seed 23)`, async () => {
    const dataDir = mkdtempSync(join(workDir, 'data-'));
    const key = randomBytes(32);
    const sealer = createSealer(key);
    const told = new Map<string, Told>();
    const discards = { last: [] as string[] };
    const next = seededDelays(23, 5, 400);
    let changes = 0;
    const byOp = new Map<string, number>();
    let kill = 0;
    for (; kill < KILLS || (kill < MAX_KILLS && KINDS.some((kind) => !byOp.has(kind))); kill++) {
      const said = await runAndKill(dataDir, key, 1_000 + kill, next());
      const acked = said.filter((one) => one.word === 'ACK');
      for (const one of acked) apply(told, one, discards);
      changes += acked.length;
      for (const one of acked) byOp.set(one.op, (byOp.get(one.op) ?? 0) + 1);
      // The change under way when the kill landed (told WILL, never ACK): either state of what it touched may be on disk.
      const last = said.at(-1);
      const open = last?.word === 'WILL' ? last : null;
      const touched = new Set<string>([...(open?.entries ?? []).map(([id]) => id), ...(open?.ids ?? []), ...(open?.id ? [open.id] : []), ...(open?.op === 'undo' ? discards.last : [])]);
      // A discard under way may make the one before it final, or not: neither is told yet.
      if (open?.op === 'discard') for (const id of discards.last) touched.add(id);

      // The next start: the file opens clean (never set aside), every entry reads with its request.
      const storage = openStorage({ folder: dataDir, migrations });
      try {
        expect(storage.health().integrity).toBe('ok');
        expect(readdirSync(dataDir).filter((name) => name.includes('.damaged-'))).toEqual([]);
        const repository = new OutboxRepository(storage, sealer);
        const all = new Map(repository.all().map((entry) => [entry.id, entry]));
        // Every request sealed is some entry's, and every entry's request is there (nothing left half forgotten).
        expect(storage.statement('SELECT count(*) AS n FROM outbox_entries WHERE request_seq NOT IN (SELECT seq FROM outbox_requests)').get()).toEqual({ n: 0 });
        expect(storage.statement('SELECT count(*) AS n FROM outbox_requests WHERE seq NOT IN (SELECT request_seq FROM outbox_entries)').get()).toEqual({ n: 0 });
        for (const [id, one] of told) {
          if (touched.has(id)) continue;
          const entry = all.get(id);
          expect(entry !== undefined, `entry ${id} live as told (kill ${kill})`).toBe(one.live);
          if (!entry) continue;
          expect(entry.request.onvif_credentials?.password, `entry ${id}'s password (kill ${kill})`).toBe(one.password);
          if (one.createdAs !== null) {
            expect(entry.state).toBe('created');
            expect(entry.response?.name).toBe(one.createdAs);
          }
        }
        // Nothing live that the operator was never told of, but for an import under way.
        expect([...all.keys()].filter((id) => !told.has(id) && !touched.has(id))).toEqual([]);
        // One entry per camera: the unique index holds after every kill.
        expect(new Set([...all.values()].map((entry) => entry.request.external_id)).size).toBe(all.size);
        // What the kill left undecided is now decided, as the file says.
        for (const id of touched) {
          const entry = all.get(id);
          const one = told.get(id);
          if (entry && !one) told.set(id, { live: true, password: entry.request.onvif_credentials!.password!, createdAs: null });
          if (one) {
            one.live = entry !== undefined;
            if (entry) one.password = entry.request.onvif_credentials!.password!;
            if (entry?.state === 'created' && entry.response) one.createdAs = entry.response.name;
          }
        }
        if (open?.op === 'discard' || open?.op === 'undo') discards.last = [];
      } finally {
        storage.close();
      }
    }
    expect(changes).toBeGreaterThan(KILLS * 3);
    // Every kind of change was made, and acknowledged, between the kills.
    expect([...byOp.keys()].sort()).toEqual(KINDS);
    expect([...told.values()].filter((one) => one.createdAs !== null).length).toBeGreaterThan(0);
    console.info(`outbox changes crash test: ${kill} kills, ${changes} changes acknowledged (${JSON.stringify(Object.fromEntries(byOp))}), ${told.size} cameras`);
  }, 180_000);
});
