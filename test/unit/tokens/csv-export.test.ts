import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { batchToCsv, exportFilename, historyToCsv } from '../../../main/tokens/csv-export';
import type { HistoryEntry } from '../../../preload/contract/tokens';

const entry: HistoryEntry = {
  id: 'e1',
  kind: 'stream',
  stream: 'cam-0001-hd',
  user: null,
  live: true,
  dvr: true,
  copy: false,
  ttl: 3600,
  from: 1_767_225_600,
  to: 0,
  token: '-st_starts-with-dash',
  issuedAt: '2026-05-04T15:40:00.000Z',
  expiresAt: '2026-05-04T16:40:00.000Z',
  profileId: 'p',
  profileName: 'Site, "North"',
  note: '=HYPERLINK("http://evil")',
  batchId: null,
};

function parse(csv: string): Record<string, string>[] {
  return Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;
}

describe('CSV export', () => {
  it('writes a header and one row per history entry, readable back by a CSV parser', () => {
    const [row] = parse(historyToCsv([entry]));
    expect(row).toEqual({
      kind: 'stream',
      stream: 'cam-0001-hd',
      user: '',
      permissions: 'live+dvr',
      ttl_seconds: '3600',
      dvr_from: '2026-01-01T00:00:00.000Z',
      dvr_to: '',
      issued_at: '2026-05-04T15:40:00.000Z',
      expires_at: '2026-05-04T16:40:00.000Z',
      profile: 'Site, "North"',
      note: `'=HYPERLINK("http://evil")`,
      token: '-st_starts-with-dash',
    });
  });

  it('defuses spreadsheet formulas in free text but keeps tokens exact', () => {
    const [row] = parse(historyToCsv([entry]));
    expect(row?.note?.startsWith("'=")).toBe(true);
    expect(row?.token).toBe(entry.token);
  });

  it('writes "never" for a token without expiry and user-bound rows with their user', () => {
    const [row] = parse(historyToCsv([{ ...entry, kind: 'user', user: 'alice', expiresAt: null }]));
    expect(row).toMatchObject({ kind: 'user-bound', user: 'alice', permissions: '', expires_at: 'never' });
  });

  it('exports batch rows with their status and error sentence', () => {
    const csv = batchToCsv({ grant: { live: true, dvr: false, copy: false, ttl: 900, from: 0, to: 0 } }, [
      { index: 0, stream: 'a', state: 'ok', token: 'st_1', expiresAt: '2026-05-04T16:00:00.000Z', error: null, errorKind: null, rev: 1 },
      { index: 1, stream: 'b', state: 'failed', token: null, expiresAt: null, error: 'The server has no stream “b”.', errorKind: 'RpcError', rev: 2 },
    ]);
    expect(parse(csv)).toEqual([
      { stream: 'a', status: 'ok', token: 'st_1', permissions: 'live', ttl_seconds: '900', dvr_from: '', dvr_to: '', expires_at: '2026-05-04T16:00:00.000Z', error: '' },
      { stream: 'b', status: 'failed', token: '', permissions: 'live', ttl_seconds: '900', dvr_from: '', dvr_to: '', expires_at: '', error: 'The server has no stream “b”.' },
    ]);
  });

  it('names the file with the local date and time', () => {
    expect(exportFilename('watchdesk-tokens', new Date(2026, 2, 29, 18, 5))).toBe('watchdesk-tokens-2026-03-29-1805.csv');
  });
});
