// Sums the vitest and Playwright JSON reports (and failed build steps) into the one line CI reads last, preceded by
// the name and first line of every failed test:
// `N passed, N failed`, with `, N skipped` appended only when something was skipped. Exits non-zero when anything
// failed or a runner left no report.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
const problems = [];
/** Names of what failed, printed just above the summary: a CI log often keeps only its last lines. */
const failures = [];
const root = process.cwd() + '/';
const firstLine = (text) => String(text ?? '').split('\n').find((line) => line.trim() !== '')?.trim().slice(0, 300) ?? '';

if (existsSync('test-results/vitest.json')) {
  const v = JSON.parse(readFileSync('test-results/vitest.json', 'utf8'));
  passed += v.numPassedTests;
  failed += v.numFailedTests + v.testResults.filter(failedWithoutAFailedTest).length;
  skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
  for (const suite of v.testResults) {
    const file = suite.name.replace(root, '');
    for (const test of suite.assertionResults) {
      if (test.status === 'failed') failures.push(`vitest ${file} › ${test.fullName}: ${firstLine(test.failureMessages[0])}`);
    }
    if (failedWithoutAFailedTest(suite)) failures.push(`vitest ${file}: ${firstLine(suite.message)}`);
  }
} else {
  failed += 1;
  problems.push('vitest left no report');
}

if (existsSync('test-results/e2e-report.json')) {
  const p = JSON.parse(readFileSync('test-results/e2e-report.json', 'utf8'));
  passed += p.stats.expected + p.stats.flaky;
  failed += p.stats.unexpected + (p.errors?.length ?? 0);
  skipped += p.stats.skipped;
  collectPlaywrightFailures(p.suites ?? [], []);
  for (const error of p.errors ?? []) failures.push(`playwright: ${firstLine(error.message)}`);
} else {
  failed += 1;
  problems.push('Playwright left no report');
}

const steps = existsSync('test-results/steps.txt') ? readFileSync('test-results/steps.txt', 'utf8').split('\n').filter(Boolean) : [];
for (const step of steps) problems.push(`${step} failed`);
failed += steps.length;

/**
 * A file that failed only because its tests failed is already counted by its tests; a file that failed to load, or
 * in a hook, is not. (vitest's numFailedTestSuites counts every enclosing describe of a failed test, so it cannot be used.)
 */
function failedWithoutAFailedTest(file) {
  return file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed');
}

/** Walks Playwright's nested suites; a test counts as failed when its last attempt did not pass as expected. */
function collectPlaywrightFailures(suites, titles) {
  for (const suite of suites) {
    const path = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const last = test.results?.at(-1);
        failures.push(`playwright ${[...path, spec.title].join(' › ')}: ${firstLine(last?.error?.message)}`);
      }
    }
    collectPlaywrightFailures(suite.suites ?? [], path);
  }
}

if (failures.length > 0) console.log(`Failed:\n${failures.map((line) => `  ✗ ${line}`).join('\n')}`);
if (problems.length > 0) console.log(`(${problems.join('; ')})`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
