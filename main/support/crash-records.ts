import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { CRASH_FOLDER, CRASH_RECORDS_KEPT, crashKinds, recordFiles, type CrashRecord } from './crash-record-writer';

export type { CrashRecord } from './crash-record-writer';

const crashRecordSchema: z.ZodType<CrashRecord> = z.object({
  at: z.string(),
  kind: z.enum(crashKinds),
  host: z.enum(['electron', 'web']),
  version: z.string(),
  name: z.string(),
  message: z.string(),
  stack: z.string().nullable(),
  details: z.record(z.string(), z.string()).optional(),
});

/** The newest crash records (a file that does not parse is skipped). */
export function readCrashRecords(dataDir: string, limit = CRASH_RECORDS_KEPT): CrashRecord[] {
  const folder = join(dataDir, CRASH_FOLDER);
  const records: CrashRecord[] = [];
  for (const name of recordFiles(folder).slice(0, limit)) {
    try {
      const parsed = crashRecordSchema.safeParse(JSON.parse(readFileSync(join(folder, name), 'utf8')));
      if (parsed.success) records.push(parsed.data);
    } catch {
      // A record cut short by the crash it describes: nothing to show.
    }
  }
  return records;
}
