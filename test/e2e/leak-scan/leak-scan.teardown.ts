import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { leakScanDir, type LeakScanVerdict } from './collect';

/**
 * The secret-leak scan of the whole e2e suite, read after it has run (a teardown project): each test's console was
 * scanned as it closed (collect.ts: every answer and event the web host sent, every log line and every file in its
 * data folder, while the console ran, with the database's WAL and shared memory, and after, searched for that test's
 * API tokens and issued stream tokens in plaintext). Answers and events may carry stream tokens (showing them is the
 * desk's purpose), never an API token; logs and files carry neither (the history is encrypted).
 */
test('no API token or stream token in plaintext in any answer, event, log line, data file (log files and crash records included) or download of the e2e suite', () => {
  const verdicts: LeakScanVerdict[] = existsSync(leakScanDir)
    ? readdirSync(leakScanDir).filter((name) => name.endsWith('.json')).map((name) => JSON.parse(readFileSync(join(leakScanDir, name), 'utf8')) as LeakScanVerdict)
    : [];
  test.skip(verdicts.length === 0, 'no e2e test ran before the scan');
  const sum = (count: (verdict: LeakScanVerdict) => number) => verdicts.reduce((total, verdict) => total + count(verdict), 0);
  const hits = verdicts.flatMap((verdict) => verdict.hits);
  const [scannedTexts, apiTokens, streamTokens, databaseSideFiles, logFiles, downloads] = [
    sum((v) => v.scannedTexts),
    sum((v) => v.apiTokens),
    sum((v) => v.streamTokens),
    sum((v) => v.databaseSideFiles),
    sum((v) => v.logFiles),
    sum((v) => v.downloads),
  ];
  test.info().annotations.push({
    type: 'scanned',
    description: `${verdicts.length} tests, ${scannedTexts} answers/lines/files (${databaseSideFiles} database WAL/shared-memory files, ${logFiles} log files and crash records, ${downloads} downloads), ${apiTokens} API tokens, ${streamTokens} stream tokens`,
  });
  expect(hits).toEqual([]);
  // The log files were there to scan: every console writes one.
  expect(logFiles).toBeGreaterThan(0);
  // The scan looked at something real: the suite issues stream tokens and uses API tokens.
  expect(apiTokens).toBeGreaterThan(0);
  // The database's WAL (where a change lands first) and its shared memory were scanned too, not only the main file.
  expect(databaseSideFiles).toBeGreaterThan(0);
});
