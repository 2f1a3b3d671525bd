import type { z } from 'zod';
import type { Storage } from '../database';
import { readableRows } from '../readable-rows';

/** Settings as typed JSON values by key; a value that no longer fits its schema reads as absent. */
export interface SettingsRepository {
  get<T>(key: string, schema: z.ZodType<T>): T | undefined;
  /** Saves the value (committed before it returns); undefined removes the key. */
  set(key: string, value: unknown): void;
}

export function createSettingsRepository(storage: Storage): SettingsRepository {
  return {
    get(key, schema) {
      const row = storage.get<{ value: string }>('SELECT value FROM settings WHERE key = ?', key);
      if (!row) return undefined;
      // A value that is no longer JSON (damaged on disk) reads as absent too, and is told.
      const [value] = readableRows(storage, 'settings', [row], (one): unknown => JSON.parse(one.value));
      const parsed = schema.safeParse(value);
      return parsed.success ? parsed.data : undefined;
    },
    set(key, value) {
      storage.transaction(() => {
        if (value === undefined) storage.statement('DELETE FROM settings WHERE key = ?').run(key);
        else storage.statement('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, JSON.stringify(value));
      });
    },
  };
}
