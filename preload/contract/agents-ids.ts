import Papa from 'papaparse';
import { z } from 'zod';
import { fieldMessage } from './messages/field-message';

/**
 * Device ids as the console accepts them. The path parameter is an int; the console accepts digits only and leaves
 * the range to the server (which answers 422 with its reason for a number it cannot take).
 */
export const MAX_DEVICE_ID_DIGITS = 20;
export const MAX_WATCH_DEVICES = 5_000;

export const deviceIdSchema = z
  .string({ error: fieldMessage('validation.agents.deviceRequired') })
  .trim()
  .min(1, { error: fieldMessage('validation.agents.deviceRequired') })
  .max(MAX_DEVICE_ID_DIGITS, { error: fieldMessage('validation.agents.deviceTooLong', { max: MAX_DEVICE_ID_DIGITS }) })
  .regex(/^\d+$/, { error: fieldMessage('validation.agents.deviceDigits') })
  // "0001014" is device 1014 (as in watch lists): one entry in Recent, one saved copy.
  .transform((id) => id.replace(/^0+(?=\d)/, ''));

export function isDeviceId(value: string): boolean {
  return deviceIdSchema.safeParse(value).success;
}

/** Column names a CSV export may use for the device number (compared lower-case). */
const idColumns = ['id', 'device', 'device_id', 'deviceid', 'agent', 'agent_id', 'camera_agent', 'camera_agent_id'];

export interface DeviceIdList {
  /** Distinct ids in the order first listed. */
  ids: string[];
  /** How many ids were listed more than once (kept once). */
  duplicates: number;
  /** Entries that are not device numbers (the first ones, as typed). */
  invalid: string[];
  invalidCount: number;
  /** The CSV column the ids were read from, when the text was a CSV with a header. */
  column: string | null;
}

function csvColumn(text: string): { values: string[]; column: string } | null {
  const firstLine = text.split(/\r?\n/).find((line) => line.trim() !== '') ?? '';
  if (!/[a-z]/i.test(firstLine) || !/[,;\t]/.test(firstLine)) return null;
  const parsed = Papa.parse<Record<string, string>>(text.trim(), { header: true, skipEmptyLines: 'greedy', transformHeader: (h) => h.trim().toLowerCase() });
  const column = idColumns.find((name) => parsed.meta.fields?.includes(name));
  if (!column) return null;
  return { values: parsed.data.map((row) => (row[column] ?? '').trim()).filter((v) => v !== ''), column };
}

/**
 * The ids in typed or pasted text: numbers separated by spaces, commas, semicolons or line breaks, or a CSV whose
 * header names an id column (`id`, `device_id`, `agent_id`…). `#` starts a comment to the end of the line.
 */
export function parseDeviceIds(text: string): DeviceIdList {
  const csv = csvColumn(text);
  const values =
    csv?.values ??
    text
      .split(/\r?\n/)
      .map((line) => line.replace(/#.*$/, ''))
      .flatMap((line) => line.split(/[\s,;]+/))
      .filter((v) => v !== '');
  const seen = new Set<string>();
  const ids: string[] = [];
  const invalid: string[] = [];
  let invalidCount = 0;
  let duplicates = 0;
  for (const value of values) {
    if (!isDeviceId(value)) {
      invalidCount += 1;
      if (invalid.length < 5) invalid.push(value.slice(0, 40));
      continue;
    }
    // "0012" and "12" are the same device.
    const id = value.replace(/^0+(?=\d)/, '');
    if (seen.has(id)) {
      duplicates += 1;
      continue;
    }
    seen.add(id);
    ids.push(id);
  }
  return { ids, duplicates, invalid, invalidCount, column: csv?.column ?? null };
}
