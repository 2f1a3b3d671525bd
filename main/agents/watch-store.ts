import { rename } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { WatchAlert } from '../../preload/contract/agents';
import { watchRuleSchema } from '../../preload/contract/agents-rules';
import { readFileIfExists, writeFileAtomic } from '../shared/atomic-file';
import { log } from '../shared/log';
import { createLatestWriter } from '../shared/latest-writer';

export const WATCH_FILE = join('agents', 'watch-lists.json');
/** Cleared alerts beyond this many are dropped, oldest first; alerts still raised are always kept. */
export const MAX_KEPT_ALERTS = 2_000;

const storedListSchema = z.object({
  id: z.string(),
  name: z.string(),
  profileId: z.string(),
  deviceIds: z.array(z.string()),
  intervalSec: z.number().int(),
  concurrency: z.number().int(),
  rules: z.array(watchRuleSchema),
  active: z.boolean(),
  notes: z.array(z.string()),
  createdAt: z.string(),
});
export type StoredList = z.infer<typeof storedListSchema>;

const storedAlertSchema = z.object({
  id: z.string(),
  listId: z.string(),
  listName: z.string(),
  deviceId: z.string(),
  deviceName: z.string().nullable(),
  rule: watchRuleSchema,
  facts: z.object({ minutes: z.number().optional(), percent: z.number().optional(), version: z.string().optional(), streams: z.array(z.string()).optional() }),
  raisedAt: z.string(),
  clearedAt: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
});

const watchFileSchema = z.object({ version: z.literal(1), lists: z.array(storedListSchema), alerts: z.array(storedAlertSchema) });

export interface WatchData {
  lists: StoredList[];
  alerts: WatchAlert[];
}

export interface WatchStore {
  load(): Promise<WatchData>;
  /**
   * Writes the whole state (lists are few; cleared alerts capped). Writes run one at a time; the saves made while one
   * runs become one write of the newest state, so an alert storm cannot pile up copies of the file in memory.
   */
  save(data: WatchData): Promise<void>;
}

/** Keeps every raised alert and the newest cleared ones. */
export function trimAlerts(alerts: WatchAlert[]): WatchAlert[] {
  if (alerts.length <= MAX_KEPT_ALERTS) return alerts;
  const cleared = alerts.filter((a) => a.clearedAt !== null);
  const drop = new Set(cleared.slice(0, alerts.length - MAX_KEPT_ALERTS).map((a) => a.id));
  return alerts.filter((a) => !drop.has(a.id));
}

/** Watch lists and their alerts, persisted atomically in `agents/watch-lists.json` (no secrets inside). */
export function createWatchStore(dataDir: string): WatchStore {
  const path = join(dataDir, WATCH_FILE);
  const writer = createLatestWriter<WatchData>((data) => {
    const text = JSON.stringify({ version: 1, lists: data.lists, alerts: trimAlerts(data.alerts) }) + '\n';
    return writeFileAtomic(path, text, { mode: 0o600 });
  });
  return {
    async load() {
      const bytes = await readFileIfExists(path);
      if (bytes === null) return { lists: [], alerts: [] };
      try {
        return watchFileSchema.parse(JSON.parse(bytes.toString('utf8')));
      } catch {
        // Set aside, never overwritten: the operator's lists may still be recovered from it by hand.
        const aside = `${path}.damaged-${Date.now()}`;
        await rename(path, aside);
        log.error('agents', `watch lists file is damaged; moved to ${aside}`);
        return { lists: [], alerts: [] };
      }
    },
    save(data) {
      return writer.save(data);
    },
  };
}
