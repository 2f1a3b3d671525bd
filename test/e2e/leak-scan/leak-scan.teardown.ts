import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { leakScanDir, type LeakScanRecord } from './collect';

/**
 * The secret-leak scan, run after the whole e2e suite (a teardown project): every answer and event the web host sent,
 * every log line and every file in each test's data folder (while the console ran, with the database's WAL and
 * shared memory, and after) is searched for the API tokens and the issued stream
 * tokens of that test in plaintext. Answers and events may carry stream tokens (showing them is the desk's purpose),
 * never an API token; logs and files carry neither (the history is encrypted).
 */
test('no API token or stream token in plaintext in any answer, event, log line, data file (log files and crash records included) or download of the e2e suite', () => {
  const records: LeakScanRecord[] = existsSync(leakScanDir)
    ? readdirSync(leakScanDir).filter((name) => name.endsWith('.json')).map((name) => JSON.parse(readFileSync(join(leakScanDir, name), 'utf8')) as LeakScanRecord)
    : [];
  test.skip(records.length === 0, 'no e2e test ran before the scan');
  const hits: string[] = [];
  let scannedTexts = 0;
  let apiTokens = 0;
  let streamTokens = 0;
  let databaseSideFiles = 0;
  let logFiles = 0;
  let downloads = 0;
  for (const record of records) {
    apiTokens += record.apiTokens.length;
    streamTokens += record.streamTokens.length;
    const find = (where: string, text: string, secrets: string[]): void => {
      scannedTexts += 1;
      for (const secret of secrets) if (text.includes(secret)) hits.push(`${record.test}: ${where} holds ${secret.slice(0, 4)}…`);
    };
    for (const exchange of record.exchanges) find(`the answer of ${exchange.channel}`, exchange.body, record.apiTokens);
    const everySecret = [...record.apiTokens, ...record.streamTokens, ...(record.otherSecrets ?? [])];
    record.logs.forEach((line, index) => find(`log line ${index + 1}`, line, everySecret));
    for (const [file, base64] of Object.entries(record.files)) {
      if (/watchdesk\.db-(wal|shm)$/.test(file)) databaseSideFiles += 1;
      const bytes = Buffer.from(base64, 'base64');
      if (file.startsWith('logs/') || file.startsWith('crashes/')) logFiles += 1;
      find(`file ${file}`, bytes.toString('latin1'), file.startsWith('logs/') || file.startsWith('crashes/') ? everySecret : [...record.apiTokens, ...record.streamTokens]);
    }
    for (const download of record.downloads ?? []) {
      downloads += 1;
      find(`the download ${download.name}`, download.text, everySecret);
    }
  }
  test.info().annotations.push({
    type: 'scanned',
    description: `${records.length} tests, ${scannedTexts} answers/lines/files (${databaseSideFiles} database WAL/shared-memory files, ${logFiles} log files and crash records, ${downloads} downloads), ${apiTokens} API tokens, ${streamTokens} stream tokens`,
  });
  expect(hits).toEqual([]);
  // The log files were there to scan: every console writes one.
  expect(logFiles).toBeGreaterThan(0);
  // The scan looked at something real: the suite issues stream tokens and uses API tokens.
  expect(apiTokens).toBeGreaterThan(0);
  // The database's WAL (where a change lands first) and its shared memory were scanned too, not only the main file.
  expect(databaseSideFiles).toBeGreaterThan(0);
});
