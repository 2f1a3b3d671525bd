import { z } from 'zod';
import type { WatchAlert } from '../../../preload/contract/agents';
import { watchRuleSchema } from '../../../preload/contract/agents-rules';
import type { Storage } from '../database';
import { readableRows } from '../readable-rows';

/** Cleared alerts beyond this many are dropped, oldest first; alerts still raised are always kept. */
export const MAX_KEPT_ALERTS = 2_000;

export const storedListSchema = z.object({
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

export const storedAlertSchema = z.object({
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

export interface WatchData {
  lists: StoredList[];
  alerts: WatchAlert[];
}

export interface WatchRepository {
  /** Every list in the order made, and every kept alert in the order raised. */
  load(): WatchData;
  /** Saves a new or edited list, with the alerts that changed with it, in one transaction. */
  saveList(list: StoredList, changedAlerts: readonly WatchAlert[]): void;
  /** The list and its alerts go together. */
  removeList(id: string): void;
  /** Alerts raised, cleared or acknowledged, in one transaction; cleared alerts beyond the cap are dropped. */
  saveAlerts(alerts: readonly WatchAlert[]): void;
}

export function createWatchRepository(storage: Storage): WatchRepository {
  const upsertList = 'INSERT INTO watch_lists (id, body) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET body = excluded.body';
  const upsertAlert =
    'INSERT INTO watch_alerts (id, list_id, cleared, body) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET cleared = excluded.cleared, body = excluded.body';

  function writeAlerts(alerts: readonly WatchAlert[]): void {
    for (const alert of alerts) storage.statement(upsertAlert).run(alert.id, alert.listId, alert.clearedAt === null ? 0 : 1, JSON.stringify(alert));
    // The oldest cleared alerts beyond the cap (max: in SQLite a negative LIMIT is no limit at all).
    const over = 'max(0, (SELECT count(*) FROM watch_alerts) - ?)';
    storage.statement(`DELETE FROM watch_alerts WHERE seq IN (SELECT seq FROM watch_alerts WHERE cleared = 1 ORDER BY seq LIMIT ${over})`).run(MAX_KEPT_ALERTS);
  }

  return {
    load() {
      return {
        lists: readableRows(storage, 'watch_lists', storage.all<{ body: string }>('SELECT body FROM watch_lists ORDER BY seq'), (row) => storedListSchema.parse(JSON.parse(row.body))),
        alerts: readableRows(storage, 'watch_alerts', storage.all<{ body: string }>('SELECT body FROM watch_alerts ORDER BY seq'), (row) => storedAlertSchema.parse(JSON.parse(row.body))),
      };
    },
    saveList(list, changedAlerts) {
      storage.transaction(() => {
        storage.statement(upsertList).run(list.id, JSON.stringify(list));
        writeAlerts(changedAlerts);
      });
    },
    removeList(id) {
      storage.transaction(() => storage.statement('DELETE FROM watch_lists WHERE id = ?').run(id));
    },
    saveAlerts(alerts) {
      if (alerts.length === 0) return;
      storage.transaction(() => writeAlerts(alerts));
    },
  };
}
