import { z } from 'zod';
import { taskDocumentSchema } from '../../../preload/contract/analytics';
import type { Storage } from '../database';
import type { Sealer } from '../sealer';
import { readableRows } from '../readable-rows';

export const draftSchema = z.object({ uid: z.string(), name: z.string(), body: taskDocumentSchema, savedAt: z.string() });
export const sentSchema = z.object({ uid: z.string(), body: taskDocumentSchema, sentAt: z.string(), profileId: z.string(), profileName: z.string() });
export type StoredDraft = z.infer<typeof draftSchema>;
export type StoredSent = z.infer<typeof sentSchema>;

/** The analytics editor's work: drafts newest first, sent bodies newest first. */
export interface TaskWork {
  drafts: StoredDraft[];
  sent: StoredSent[];
}

/**
 * Drafts are named by task and draft name, sent bodies by their content; both only as keyed hashes. Every record is
 * sealed, bound to its row: a body's stream link often carries the camera's user name and password.
 */
export interface AnalyticsWorkRepository {
  load(sealer: Sealer): TaskWork;
  /** Writes what differs between `before` and `after` in one transaction. */
  replace(sealer: Sealer, before: TaskWork, after: TaskWork): void;
}

export function createAnalyticsWorkRepository(storage: Storage): AnalyticsWorkRepository {
  const draftKey = (sealer: Sealer, draft: StoredDraft) => sealer.hash('analytics-draft', `${draft.uid}\0${draft.name}`).toString('hex');
  const sentKey = (sealer: Sealer, sent: StoredSent) => sealer.hash('analytics-sent', JSON.stringify(sent)).toString('hex');

  function keyed<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, { item: T; json: string }> {
    return new Map(items.map((item) => [keyOf(item), { item, json: JSON.stringify(item) }]));
  }

  return {
    load(sealer) {
      const rows = (table: string, time: string) => storage.all<{ key: Uint8Array; record: Uint8Array }>(`SELECT key, record FROM ${table} ORDER BY ${time} DESC`);
      return {
        drafts: readableRows(storage, 'analytics_drafts', rows('analytics_drafts', 'saved_at'), (row) => sealer.openJson(row.record, `analytics-draft:${Buffer.from(row.key).toString('hex')}`, draftSchema, 'analytics drafts'), true),
        sent: readableRows(storage, 'analytics_sent', rows('analytics_sent', 'sent_at'), (row) => sealer.openJson(row.record, `analytics-sent:${Buffer.from(row.key).toString('hex')}`, sentSchema, 'analytics sent bodies'), true),
      };
    },
    replace(sealer, before, after) {
      const tables = [
        { table: 'analytics_drafts', time: 'saved_at', purpose: 'analytics-draft', was: keyed(before.drafts, (d) => draftKey(sealer, d)), now: keyed(after.drafts, (d) => draftKey(sealer, d)), at: (d: StoredDraft | StoredSent) => ('savedAt' in d ? d.savedAt : d.sentAt) },
        { table: 'analytics_sent', time: 'sent_at', purpose: 'analytics-sent', was: keyed(before.sent, (s) => sentKey(sealer, s)), now: keyed(after.sent, (s) => sentKey(sealer, s)), at: (d: StoredDraft | StoredSent) => ('savedAt' in d ? d.savedAt : d.sentAt) },
      ] as const;
      // Sealed before the transaction, so it holds the write lock only for the writes.
      const writes = tables.map(({ was, now, purpose, at }) => ({
        removed: [...was.keys()].filter((key) => !now.has(key)),
        upserts: [...now].filter(([key, { json }]) => was.get(key)?.json !== json).map(([key, { item }]) => ({ key: Buffer.from(key, 'hex'), at: at(item), record: sealer.sealJson(item, `${purpose}:${key}`) })),
      }));
      storage.transaction(() => {
        tables.forEach(({ table, time }, index) => {
          const { removed, upserts } = writes[index]!;
          for (const key of removed) storage.statement(`DELETE FROM ${table} WHERE key = ?`).run(Buffer.from(key, 'hex'));
          for (const row of upserts) {
            storage
              .statement(`INSERT INTO ${table} (key, ${time}, record) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET ${time} = excluded.${time}, record = excluded.record`)
              .run(row.key, row.at, row.record);
          }
        });
      });
    },
  };
}
