import Papa from 'papaparse';
import type { HistoryEntry } from '../../preload/contract/tokens';
import type { BatchRow, BatchStatus } from '../../preload/contract/tokens';

/**
 * CSV for spreadsheets. Free-text cells (stream, user, note, error) that a spreadsheet would run as a formula get a
 * leading apostrophe; token cells are left exact because a token that starts with "-" must survive a copy.
 */
function plainText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function seconds(value: number): string {
  return value === 0 ? '' : new Date(value * 1000).toISOString();
}

function permissions(entry: { live: boolean; dvr: boolean; copy: boolean }): string {
  const names = [entry.live && 'live', entry.dvr && 'dvr', entry.copy && 'download'].filter(Boolean);
  return names.length ? names.join('+') : 'none';
}

export const historyCsvColumns = [
  'kind',
  'stream',
  'user',
  'permissions',
  'ttl_seconds',
  'dvr_from',
  'dvr_to',
  'issued_at',
  'expires_at',
  'profile',
  'note',
  'token',
] as const;

/** One row per history entry; times in ISO 8601 UTC; an empty DVR bound means unbounded, an empty expiry never. */
export function historyToCsv(entries: readonly HistoryEntry[]): string {
  const rows = entries.map((entry) => [
    entry.kind === 'user' ? 'user-bound' : 'stream',
    plainText(entry.stream),
    plainText(entry.user ?? ''),
    entry.kind === 'user' ? '' : permissions(entry),
    String(entry.ttl),
    seconds(entry.from),
    seconds(entry.to),
    entry.issuedAt,
    entry.expiresAt ?? 'never',
    plainText(entry.profileName),
    plainText(entry.note),
    entry.token ?? '',
  ]);
  return Papa.unparse({ fields: [...historyCsvColumns], data: rows }, { newline: '\r\n' });
}

export const batchCsvColumns = ['stream', 'status', 'token', 'permissions', 'ttl_seconds', 'dvr_from', 'dvr_to', 'expires_at', 'error'] as const;

export function batchToCsv(status: Pick<BatchStatus, 'grant'>, rows: readonly BatchRow[]): string {
  // The grant's cells are the same on every row: formatted once, not once per row (a batch has thousands).
  const { grant } = status;
  const granted = permissions(grant);
  const ttl = String(grant.ttl);
  const from = seconds(grant.from);
  const to = seconds(grant.to);
  const data = rows.map((row) => [
    plainText(row.stream),
    row.state,
    row.token ?? '',
    granted,
    ttl,
    from,
    to,
    row.state === 'ok' ? (row.expiresAt ?? 'never') : '',
    plainText(row.error ?? ''),
  ]);
  return Papa.unparse({ fields: [...batchCsvColumns], data }, { newline: '\r\n' });
}

/** `watchdesk-tokens-2026-03-29-1840.csv` in local time, safe on every file system. */
export function exportFilename(prefix: string, at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${prefix}-${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}-${pad(at.getHours())}${pad(at.getMinutes())}.csv`;
}
