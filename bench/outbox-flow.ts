// The two sides of `outbox-1000-vs-undici`, shared by the bench and by the profile script (bench/outbox-profile.ts),
// so what is profiled is exactly what is measured.
import { Pool } from 'undici';
import { flagDuplicates, keysOf, parseImport } from '../preload/contract/camera/csv-import';
import type { CameraCreateRequest } from '../preload/contract/onboarding';
import { Outbox } from '../main/outbox/outbox';
import type { OutboxRepository } from '../main/storage/repositories/outbox-repository';
import type { PlatformClient } from '../main/platform/client';

export const CONCURRENCY = 8;
export const CAMERAS = 1_000;

/** A camera CSV of `rows` valid rows; `prefix` and `macByte` keep every round's cameras apart on the simulator. */
export function csvOf(rows: number, prefix: string, group: string, folder: string, macByte: number): string {
  const lines = ['name,mac,serial_number,external_id,group_external_id,folder_key,latitude,longitude,onvif_login,onvif_password,onvif_port,high_archive,high_storage_days,high_recording_type'];
  for (let i = 0; i < rows; i++) {
    const mac = `02:${macByte.toString(16).padStart(2, '0')}:00:${((i >> 16) & 255).toString(16).padStart(2, '0')}:${((i >> 8) & 255).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}`;
    lines.push(`Camera ${prefix} ${i},${mac},SN-${prefix}-${i},${prefix}-${i},${group},${folder},56.9,24.1,admin,pw-${i},80,true,30,fulltime`);
  }
  return lines.join('\n');
}

/** The import screen's work on a file: parse, check every row, flag duplicates. Throws when a row has problems. */
export function importRequests(text: string): CameraCreateRequest[] {
  const parsed = parseImport(text, () => 'unused');
  flagDuplicates(parsed.rows, keysOf([]));
  if (parsed.fileProblem || parsed.rows.some((row) => Object.keys(row.problems).length > 0)) throw new Error('bench CSV has problems');
  return parsed.rows.map((row) => row.request);
}

export interface Placement {
  group: string;
  folder: string;
}

/**
 * One round through the outbox: the file is parsed and checked, the entries queued (one committed transaction in the
 * data folder's database), sent by the runner through the platform client (each group marked as on the wire by a
 * commit before it leaves), and the clock stops when every answer is committed. Answers milliseconds.
 */
export async function outboxRound(options: { client: PlatformClient; repository: OutboxRepository; placement: Placement; round: number }): Promise<number> {
  const { client, repository, placement, round } = options;
  const prefix = `o${round.toString(16).padStart(3, '0')}`;
  const text = csvOf(CAMERAS, prefix, placement.group, placement.folder, round);
  const outbox = new Outbox({ repository, send: (entry, signal) => client.createCamera(entry.request, { signal }), concurrency: CONCURRENCY });
  await outbox.load();
  const started = performance.now();
  const entries = await outbox.enqueue(importRequests(text), { profileId: 'bench', profileName: 'Bench' });
  const settled = await Promise.all(entries.map((entry) => outbox.settled(entry.id, 120_000)));
  // Answers are committed in groups: `settled` answers once an answer is committed, and dispose commits what is left.
  await outbox.dispose();
  const elapsed = performance.now() - started;
  const notCreated = settled.filter((entry) => entry.state !== 'created');
  if (notCreated.length > 0) throw new Error(`${notCreated.length} cameras not created through the outbox: ${JSON.stringify(notCreated[0])}`);
  return elapsed;
}

/**
 * The floor: the same creates through one bare keep-alive Pool, `CONCURRENCY` in flight, no checks, nothing saved.
 * The file is parsed before the clock starts (the bare side has no import screen). Answers milliseconds.
 */
export async function undiciRound(options: { pool: Pool; apiToken: string; placement: Placement; round: number }): Promise<number> {
  const { pool, apiToken, placement, round } = options;
  const prefix = `u${round.toString(16).padStart(3, '0')}`;
  const requests = importRequests(csvOf(CAMERAS, prefix, placement.group, placement.folder, round));
  const headers = { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${apiToken}` };
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const body = JSON.stringify(requests[next++]);
      const response = await pool.request({ path: '/api/v2/billing/cameras', method: 'POST', headers, body });
      await response.body.json();
      if (response.statusCode !== 201) throw new Error(`bare undici got ${response.statusCode}`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return performance.now() - started;
}
