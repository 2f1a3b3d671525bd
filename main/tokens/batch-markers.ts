import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { readFileIfExists, writeFileAtomic } from '../shared/atomic-file';
import { log } from '../shared/log';

/**
 * A file per running batch (`running-batches/<id>.json`), written when it starts and removed once every row is final
 * and saved. One still there on the next start means the console stopped mid-batch (a crash, kill -9, power loss):
 * the screen then says how many of its tokens were issued (they are in the history) and how many were not.
 * Nothing secret is in it: the batch id, when it started, how many rows, the server's name.
 */
export const batchMarkerSchema = z.object({
  id: z.string().min(1),
  startedAt: z.iso.datetime(),
  total: z.number().int().min(0),
  profileName: z.string(),
});
export type BatchMarker = z.infer<typeof batchMarkerSchema>;

export interface BatchMarkers {
  started(marker: BatchMarker): Promise<void>;
  finished(id: string): Promise<void>;
  /** The markers left by an earlier run (read once, on first use; this run's own batches are never among them). */
  leftovers(): Promise<BatchMarker[]>;
  /** The operator has seen an interrupted batch: its marker goes. */
  dismiss(id: string): Promise<void>;
}

const safeId = (id: string): string => id.replace(/[^A-Za-z0-9-]/g, '_');

export function createBatchMarkers(dataDir: string): BatchMarkers {
  const dir = join(dataDir, 'running-batches');
  const fileOf = (id: string): string => join(dir, `${safeId(id)}.json`);
  /** Batches this run started: their markers are not leftovers, even when read after they were written. */
  const ours = new Set<string>();
  let left: Promise<BatchMarker[]> | null = null;
  const leftovers = (): Promise<BatchMarker[]> => (left ??= readAll().then((markers) => markers.filter((marker) => !ours.has(marker.id))));

  async function readAll(): Promise<BatchMarker[]> {
    let names: string[];
    try {
      names = (await readdir(dir)).filter((name) => name.endsWith('.json'));
    } catch {
      return []; // no folder: no batch ever ran, or none was left
    }
    const markers: BatchMarker[] = [];
    for (const name of names) {
      const text = await readFileIfExists(join(dir, name));
      const parsed = batchMarkerSchema.safeParse(text ? safeJson(text.toString('utf8')) : null);
      if (parsed.success) markers.push(parsed.data);
      else log.warn('tokens', `an unreadable batch marker ${name} was ignored`);
    }
    return markers.sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  }

  /** A marker that cannot be written (read-only folder) costs only the crash notice: the batch runs anyway. */
  async function quietly(what: string, work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (error) {
      log.warn('tokens', `batch marker not ${what}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  return {
    started(marker) {
      ours.add(marker.id);
      return quietly('written', async () => {
        await mkdir(dir, { recursive: true });
        await writeFileAtomic(fileOf(marker.id), JSON.stringify(marker));
      });
    },
    finished(id) {
      return quietly('removed', () => rm(fileOf(id), { force: true }));
    },
    leftovers,
    async dismiss(id) {
      const remaining = (await leftovers()).filter((marker) => marker.id !== id);
      left = Promise.resolve(remaining);
      await quietly('removed', () => rm(fileOf(id), { force: true }));
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
