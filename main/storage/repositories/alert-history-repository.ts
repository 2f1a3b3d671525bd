import type { AlertStateName, AlertTransition } from '../../../preload/contract/agents-alerts';
import type { Storage } from '../database';

/** A device history row as the service writes it: `at` in ms (stored as seconds), sizes in megabytes. */
export interface DeviceTransitionRow {
  profileId: string;
  deviceId: string;
  at: number;
  online: boolean | null;
  status: string | null;
}

export interface StorageSampleRow {
  profileId: string;
  deviceId: string;
  storageId: number;
  at: number;
  usedMb: number;
  capacityMb: number;
}

export interface SilenceRow {
  listId: string;
  deviceId: string;
  ruleId: string;
  snoozedUntil: number | null;
  acknowledged: { at: number; note: string } | null;
}

export interface DeviceHistory {
  transitions: Array<{ at: number; online: boolean | null; status: string | null }>;
  samples: Array<{ storageId: number; at: number; usedMb: number; capacityMb: number }>;
}

/**
 * Alert transitions, silences, muted devices and device history (schema step 9). Every write is one transaction: a
 * call that returns has landed on disk, one that throws changed nothing.
 */
export interface AlertHistoryRepository {
  appendTransitions(rows: readonly AlertTransition[]): void;
  transitionsOf(listId: string, filter?: { deviceId?: string; ruleId?: string }): AlertTransition[];
  /** The last state of every alert of a list that is not normal (what a restart resumes from). */
  lastStates(listId: string): Array<{ deviceId: string; ruleId: string; state: AlertStateName; since: number }>;
  saveSilence(row: SilenceRow): void;
  silencesOf(listId: string): SilenceRow[];
  setMuted(listId: string, deviceId: string, muted: boolean, at: number): void;
  mutedOf(listId: string): string[];
  /** Removes everything kept about a watch list's alerts (the list was deleted). */
  forgetList(listId: string): void;
  /** Writes a batch of device history in one transaction. */
  appendHistory(transitions: readonly DeviceTransitionRow[], samples: readonly StorageSampleRow[]): void;
  historyOf(profileId: string, deviceId: string, sinceMs: number): DeviceHistory;
  /** Deletes device history and alert transitions older than `beforeMs`; returns the rows removed. */
  prune(beforeMs: number): number;
}

const sec = (ms: number) => Math.floor(ms / 1000);

export function createAlertHistoryRepository(storage: Storage): AlertHistoryRepository {
  return {
    appendTransitions(rows) {
      if (rows.length === 0) return;
      const insert = storage.statement('INSERT INTO alert_transitions (list_id, device_id, rule_id, at, from_state, to_state, note) VALUES (?, ?, ?, ?, ?, ?, ?)');
      storage.transaction(() => {
        for (const r of rows) insert.run(r.listId, r.deviceId, r.ruleId, r.at, r.from, r.to, r.note);
      });
    },

    // Columns are read under the caller's field names (AS): the STRICT tables' types are already the fields' types.
    transitionsOf(listId, filter = {}) {
      return storage.all<AlertTransition>(
        `SELECT list_id AS listId, device_id AS deviceId, rule_id AS ruleId, at, from_state AS "from", to_state AS "to", note FROM alert_transitions
         WHERE list_id = ? AND (?2 IS NULL OR device_id = ?2) AND (?3 IS NULL OR rule_id = ?3) ORDER BY at, id`,
        listId, filter.deviceId ?? null, filter.ruleId ?? null,
      );
    },

    lastStates(listId) {
      return storage.all(
        `SELECT device_id AS deviceId, rule_id AS ruleId, to_state AS state, at AS since FROM alert_transitions t
         WHERE list_id = ? AND id = (SELECT max(id) FROM alert_transitions u WHERE u.list_id = t.list_id AND u.device_id = t.device_id AND u.rule_id = t.rule_id)
         AND to_state <> 'normal'`,
        listId,
      );
    },

    saveSilence(row) {
      storage.transaction(() =>
        storage
          .statement(
            `INSERT INTO alert_silences (list_id, device_id, rule_id, snoozed_until, acknowledged_at, acknowledged_note) VALUES (?, ?, ?, ?, ?, ?)
             ON CONFLICT (list_id, device_id, rule_id) DO UPDATE SET snoozed_until = excluded.snoozed_until,
               acknowledged_at = excluded.acknowledged_at, acknowledged_note = excluded.acknowledged_note`,
          )
          .run(row.listId, row.deviceId, row.ruleId, row.snoozedUntil, row.acknowledged?.at ?? null, row.acknowledged?.note ?? null),
      );
    },

    silencesOf(listId) {
      const rows = storage.all<Omit<SilenceRow, 'acknowledged'> & { at: number | null; note: string | null }>(
        'SELECT list_id AS listId, device_id AS deviceId, rule_id AS ruleId, snoozed_until AS snoozedUntil, acknowledged_at AS at, acknowledged_note AS note FROM alert_silences WHERE list_id = ?',
        listId,
      );
      return rows.map(({ at, note, ...row }) => ({ ...row, acknowledged: at === null ? null : { at, note: note ?? '' } }));
    },

    setMuted(listId, deviceId, muted, at) {
      storage.transaction(() => {
        if (muted) storage.statement('INSERT OR IGNORE INTO muted_devices (list_id, device_id, muted_at) VALUES (?, ?, ?)').run(listId, deviceId, at);
        else storage.statement('DELETE FROM muted_devices WHERE list_id = ? AND device_id = ?').run(listId, deviceId);
      });
    },

    mutedOf(listId) {
      return storage.all<{ id: string }>('SELECT device_id AS id FROM muted_devices WHERE list_id = ? ORDER BY device_id', listId).map((r) => r.id);
    },

    forgetList(listId) {
      storage.transaction(() => {
        for (const table of ['alert_transitions', 'alert_silences', 'muted_devices']) storage.statement(`DELETE FROM ${table} WHERE list_id = ?`).run(listId);
      });
    },

    appendHistory(transitions, samples) {
      if (transitions.length === 0 && samples.length === 0) return;
      // A device's small key is made with its first row (OR IGNORE: once) and found again through the unique index.
      const addDevice = storage.statement('INSERT OR IGNORE INTO history_devices (profile_id, device_id) VALUES (?, ?)');
      const device = '(SELECT key FROM history_devices WHERE profile_id = ? AND device_id = ?)';
      const insertTransition = storage.statement(`INSERT OR REPLACE INTO device_transitions (device, at, online, status) VALUES (${device}, ?, ?, ?)`);
      const insertSample = storage.statement(`INSERT OR REPLACE INTO storage_samples (device, storage, at, used_mb, capacity_mb) VALUES (${device}, ?, ?, ?, ?)`);
      storage.transaction(() => {
        for (const r of transitions) {
          addDevice.run(r.profileId, r.deviceId);
          insertTransition.run(r.profileId, r.deviceId, sec(r.at), r.online === null ? null : r.online ? 1 : 0, r.status);
        }
        for (const r of samples) {
          addDevice.run(r.profileId, r.deviceId);
          insertSample.run(r.profileId, r.deviceId, r.storageId, sec(r.at), Math.round(r.usedMb), Math.round(r.capacityMb));
        }
      });
    },

    historyOf(profileId, deviceId, sinceMs) {
      const found = storage.get<{ key: number }>('SELECT key FROM history_devices WHERE profile_id = ? AND device_id = ?', profileId, deviceId);
      if (!found) return { transitions: [], samples: [] };
      // The transition in force at the window's start is kept too, so the timeline starts in a known state.
      const transitions = storage.all<{ at: number; online: number | null; status: string | null }>(
        `SELECT at * 1000 AS at, online, status FROM device_transitions WHERE device = ?1
         AND at >= coalesce((SELECT max(at) FROM device_transitions WHERE device = ?1 AND at <= ?2), ?2) ORDER BY at`,
        found.key, sec(sinceMs),
      );
      const samples = storage.all<DeviceHistory['samples'][number]>(
        'SELECT storage AS storageId, at * 1000 AS at, used_mb AS usedMb, capacity_mb AS capacityMb FROM storage_samples WHERE device = ? AND at >= ? ORDER BY storage, at',
        found.key, sec(sinceMs),
      );
      return { transitions: transitions.map((r) => ({ ...r, online: r.online === null ? null : r.online === 1 })), samples };
    },

    prune(beforeMs) {
      return storage.transaction(() => {
        let removed = 0;
        removed += Number(storage.statement('DELETE FROM storage_samples WHERE at < ?').run(sec(beforeMs)).changes);
        // The last transition before the cut stays: it says what state the device was in when the window opens.
        const cut = 'DELETE FROM device_transitions WHERE at < ?1 AND at < (SELECT max(at) FROM device_transitions d WHERE d.device = device_transitions.device AND d.at < ?1)';
        removed += Number(storage.statement(cut).run(sec(beforeMs)).changes);
        removed += Number(storage.statement('DELETE FROM alert_transitions WHERE at < ?').run(beforeMs).changes);
        return removed;
      });
    },
  };
}
