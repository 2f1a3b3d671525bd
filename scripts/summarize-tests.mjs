// Sums the vitest and Playwright JSON reports (and failed build steps) into the one line CI reads last:
// `N passed, N failed`, with `, N skipped` appended only when something was skipped. Exits non-zero when anything
// failed or a runner left no report.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
const problems = [];

if (existsSync('test-results/vitest.json')) {
  const v = JSON.parse(readFileSync('test-results/vitest.json', 'utf8'));
  passed += v.numPassedTests;
  failed += v.numFailedTests + (v.numFailedTestSuites ?? 0) - countSuitesWithFailedTests(v);
  skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
} else {
  failed += 1;
  problems.push('vitest left no report');
}

if (existsSync('test-results/e2e-report.json')) {
  const p = JSON.parse(readFileSync('test-results/e2e-report.json', 'utf8'));
  passed += p.stats.expected + p.stats.flaky;
  failed += p.stats.unexpected + (p.errors?.length ?? 0);
  skipped += p.stats.skipped;
} else {
  failed += 1;
  problems.push('Playwright left no report');
}

const steps = existsSync('test-results/steps.txt') ? readFileSync('test-results/steps.txt', 'utf8').split('\n').filter(Boolean) : [];
for (const step of steps) problems.push(`${step} failed`);
failed += steps.length;

/** A suite that failed only because its tests failed is already counted; a suite that failed to load is not. */
function countSuitesWithFailedTests(report) {
  return report.testResults.filter((suite) => suite.status === 'failed' && suite.assertionResults.some((t) => t.status === 'failed')).length;
}

if (problems.length > 0) console.log(`(${problems.join('; ')})`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
