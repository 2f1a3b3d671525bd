import { Worker } from 'node:worker_threads';
import type { BodyBytes } from '../platform/raw-response';
import type { AnswerReply, AnswerRequest, AnswerValues } from './answer-messages';

/**
 * Main's side of the answer thread (answer-worker.ts): one worker, started on the first dashboard, asked by message.
 * A 60 MB answer is decoded, parsed, checked, sorted and saved there; main's event loop stays free for the page.
 */
export interface AnswerThread {
  ask<K extends AnswerRequest['kind']>(request: Extract<AnswerRequest, { kind: K }>, transfer?: ArrayBuffer[]): Promise<AnswerValues[K]>;
  /**
   * Hands an answer's bytes over to be opened: transferred, not copied; main no longer holds them. The views in
   * `replaces` are let go first, before the parse.
   */
  open(body: BodyBytes, viewKey: string | null, replaces?: readonly string[]): Promise<AnswerValues['open']>;
  close(): Promise<void>;
}

/**
 * The thread's young generation, in MB. When an answer was parsed whole, its 100,000 rows all survived, and V8's
 * default young generation (growing to tens of MB per semi-space under that load) kept about 260 MB of heap committed
 * for 130 MB in use. Answers are now read a batch of servers at a time (answer-store.ts), whose objects die young;
 * 8 MB keeps their scavenges cheap (4 MB measured the same for a 100,000-server answer).
 */
const ANSWER_THREAD_YOUNG_MB = 8;

/** The thread's script: the TypeScript source when main runs from source (tests, benches), else the built file. */
function workerFor(databaseFile: string | null, writable: boolean): Worker {
  const fromSource = import.meta.url.endsWith('.ts');
  const url = new URL(fromSource ? './answer-worker.ts' : './dashboard-answer-worker.js', import.meta.url);
  return new Worker(url, {
    workerData: { databaseFile, writable },
    resourceLimits: { maxYoungGenerationSizeMb: ANSWER_THREAD_YOUNG_MB },
    ...(fromSource ? { execArgv: ['--import', 'tsx'] } : {}),
  });
}

/** `writable` false: the database was opened read-only, and the thread only reads its offline copies. */
export function startAnswerThread(databaseFile: string | null, writable = true): AnswerThread {
  let worker: Worker | null = null;
  let nextId = 0;
  const pending = new Map<number, { resolve: (value: never) => void; reject: (error: Error) => void }>();

  function failAll(error: Error): void {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
    worker = null;
  }

  function started(): Worker {
    if (worker) return worker;
    const thread = workerFor(databaseFile, writable);
    thread.on('message', (reply: AnswerReply) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      // Only calls waiting for an answer keep the process alive.
      if (pending.size === 0) thread.unref();
      if (reply.ok) waiting.resolve(reply.value as never);
      else waiting.reject(new Error(reply.error));
    });
    thread.on('error', (error) => failAll(error));
    thread.on('exit', (code) => {
      if (worker === thread) failAll(new Error(`the dashboard answer thread stopped (exit code ${code})`));
    });
    thread.unref();
    worker = thread;
    return thread;
  }

  function ask<K extends AnswerRequest['kind']>(request: Extract<AnswerRequest, { kind: K }>, transfer: ArrayBuffer[] = []): Promise<AnswerValues[K]> {
    const thread = started();
    const id = (nextId += 1);
    return new Promise<AnswerValues[K]>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      thread.ref();
      thread.postMessage({ id, request }, transfer);
    });
  }

  return {
    ask,
    open(body, viewKey, replaces = []) {
      return ask({ kind: 'open', bytes: body.bytes, length: body.length, viewKey, replaces: [...replaces] }, [body.bytes]);
    },
    async close() {
      const thread = worker;
      worker = null;
      failAll(new Error('the dashboard answer thread was closed'));
      await thread?.terminate();
    },
  };
}
