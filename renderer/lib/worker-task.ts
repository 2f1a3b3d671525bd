/**
 * One piece of work run in a Web Worker, so the page's thread stays free while thousands of rows are read: the
 * worker answers with progress reports and then its result (`WorkerReply`). Shared by the screens that check pasted
 * or imported lists (the camera import, the token batch).
 */
export type WorkerReply<Result, Progress = never> = { kind: 'progress'; progress: Progress } | { kind: 'result'; result: Result };

export interface WorkerTaskOptions<Request, Result, Progress> {
  /** The same work on the page's thread, where no worker can be started (a test environment without one). */
  here: (request: Request, onProgress: (progress: Progress) => void) => Result;
  onProgress?: (progress: Progress) => void;
  /** Aborting stops the worker at once (a newer request replaces this one); the promise rejects with an AbortError. */
  signal?: AbortSignal;
}

/**
 * Runs `request` in the worker `start()` creates (written at the call site as `new Worker(new URL('./x.worker.ts',
 * import.meta.url), { type: 'module' })`, so the bundler finds the worker's module) and resolves with its result.
 */
export function runInWorker<Request, Result, Progress = never>(
  start: () => Worker,
  request: Request,
  { here, onProgress, signal }: WorkerTaskOptions<Request, Result, Progress>,
): Promise<Result> {
  if (signal?.aborted) return Promise.reject(aborted());
  if (typeof Worker === 'undefined') return Promise.resolve(here(request, (progress) => onProgress?.(progress)));
  return new Promise((resolve, reject) => {
    const worker = start();
    const stop = (): void => {
      worker.terminate();
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = (): void => {
      stop();
      reject(aborted());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.addEventListener('message', (event: MessageEvent<WorkerReply<Result, Progress>>) => {
      const reply = event.data;
      if (reply.kind === 'progress') {
        onProgress?.(reply.progress);
        return;
      }
      stop();
      resolve(reply.result);
    });
    worker.addEventListener('error', (event) => {
      stop();
      reject(new Error(event.message || 'the check stopped'));
    });
    worker.postMessage(request);
  });
}

/**
 * Inside a worker: answers each request with `work`'s progress reports and then its result. `transfer` names buffers
 * of the result to move to the page instead of copying them (a copy of 10,000 rows is a long task on the page).
 */
export function serveInWorker<Request, Result, Progress = never>(
  work: (request: Request, onProgress: (progress: Progress) => void) => Result,
  options: { transfer?: (result: Result) => Transferable[] } = {},
): void {
  addEventListener('message', (event: MessageEvent<Request>) => {
    const result = work(event.data, (progress) => postMessage({ kind: 'progress', progress } satisfies WorkerReply<Result, Progress>));
    postMessage({ kind: 'result', result } satisfies WorkerReply<Result, Progress>, { transfer: options.transfer?.(result) ?? [] });
  });
}

function aborted(): DOMException {
  return new DOMException('The check was replaced by a newer one.', 'AbortError');
}
