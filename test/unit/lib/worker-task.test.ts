import { describe, expect, it } from 'vitest';
import { runInWorker } from '../../../renderer/lib/worker-task';

// Node has no Web Worker: runInWorker runs the same work on the calling thread (the page's real worker path is
// exercised in Chromium by test/e2e/batch-paste.spec.ts and the camera import of test/e2e/onboarding.spec.ts).
const unreachable = (): Worker => {
  throw new Error('no worker is started where none can be');
};

describe('runInWorker where no worker can be started', () => {
  it('runs the work here, with its progress reports, and answers its result', async () => {
    const progress: number[] = [];
    const result = await runInWorker(unreachable, 3, {
      here: (n: number, report: (done: number) => void) => {
        for (let i = 1; i <= n; i++) report(i);
        return n * 2;
      },
      onProgress: (done) => progress.push(done),
    });
    expect(result).toBe(6);
    expect(progress).toEqual([1, 2, 3]);
  });

  it('refuses a request replaced before it began, as an AbortError, without doing the work', async () => {
    const controller = new AbortController();
    controller.abort();
    let ran = false;
    const answer = runInWorker(unreachable, 1, {
      here: () => {
        ran = true;
        return 1;
      },
      signal: controller.signal,
    });
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
    expect(ran).toBe(false);
  });
});
