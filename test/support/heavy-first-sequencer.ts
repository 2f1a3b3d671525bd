import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that start a console process again and again (the kill tests): the longest of the run, and the ones whose
 * length varies most with the machine's load (15-25 s alone, over a minute on a busy machine). They start first, so
 * that the other files fill the workers around them instead of one of them starting late and running on alone.
 */
const heavy = ['test/integration/onboarding/outbox-crash.test.ts', 'test/integration/crash/save-crash.test.ts', 'test/integration/crash/crash-suite.test.ts'];

/**
 * Vitest's own order (by the durations of the last run, larger files first when there is none), with the kill tests
 * moved to the front. The last run's durations alone left them wherever their last (quiet or busy) run put them.
 */
export class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification): number => {
      const at = heavy.findIndex((path) => spec.moduleId.endsWith(path));
      return at === -1 ? heavy.length : at;
    };
    return sorted.map((spec, index) => ({ spec, index })).sort((a, b) => rank(a.spec) - rank(b.spec) || a.index - b.index).map(({ spec }) => spec);
  }
}
