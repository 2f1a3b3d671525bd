import Papa from 'papaparse';
import type { AlertTransition } from '../../preload/contract/agents-alerts';
import type { DeviceHistory } from '../storage/repositories/alert-history-repository';

/** Free text a spreadsheet would run as a formula gets a leading apostrophe. */
function plainText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export const transitionCsvColumns = ['time', 'device', 'rule', 'from', 'to', 'note'] as const;

/** An alert's transition log, one row per change (an acknowledgement is a row with its note), times ISO 8601 UTC. */
export function transitionsCsv(rows: readonly AlertTransition[]): string {
  return Papa.unparse({
    fields: [...transitionCsvColumns],
    data: rows.map((r) => [new Date(r.at).toISOString(), r.deviceId, plainText(r.ruleId), r.from, r.to, plainText(r.note ?? '')]),
  });
}

export const historyCsvColumns = ['time', 'kind', 'storage', 'online', 'status', 'used_mb', 'capacity_mb'] as const;

/** A device's history: its transitions (online/status; empty online = could not be read) and storage samples, by time. */
export function historyCsv(history: DeviceHistory): string {
  const rows: Array<[number, string[]]> = [
    ...history.transitions.map((r): [number, string[]] => [r.at, [new Date(r.at).toISOString(), 'state', '', r.online === null ? '' : String(r.online), plainText(r.status ?? ''), '', '']]),
    ...history.samples.map((s): [number, string[]] => [s.at, [new Date(s.at).toISOString(), 'storage', String(s.storageId), '', '', String(s.usedMb), String(s.capacityMb)]]),
  ];
  rows.sort((a, b) => a[0] - b[0]);
  return Papa.unparse({ fields: [...historyCsvColumns], data: rows.map((r) => r[1]) });
}
