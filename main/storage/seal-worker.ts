import { Worker } from 'node:worker_threads';
import { log } from '../shared/log';

/**
 * Sealing and hashing of many values on a worker thread: a token batch seals a history record and hashes a stream uid
 * per token, some 7 µs of the main thread's CPU each, as much as a fifth of what a token costs beside its request.
 * The worker holds the data key and the index key (the same process's memory) and writes blobs in the format of
 * sealer.ts, which reads them like any other.
 */
export interface SealWorker {
  /** Each text sealed under its purpose, and each [kind, value] hashed; rejects when the worker is gone. */
  run(texts: string[], purposes: string[], hashes: Array<[string, string]>): Promise<{ sealed: Buffer[]; hashed: Buffer[] }>;
}

// Plain CommonJS evaluated in the worker (nothing to bundle or find on disk): the same blob as sealer.ts's sealerOf.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { createCipheriv, createHmac, createSecretKey, randomFillSync } = require('node:crypto');
const key = createSecretKey(Buffer.from(workerData.key));
const indexKey = createSecretKey(Buffer.from(workerData.indexKey));
parentPort.on('message', ({ id, texts, purposes, hashes }) => {
  const plain = texts.map((text) => Buffer.from(text, 'utf8'));
  let total = 0;
  for (const one of plain) total += 29 + one.length;
  const out = Buffer.allocUnsafeSlow(total);
  randomFillSync(out);
  const lengths = new Array(plain.length);
  let at = 0;
  for (let i = 0; i < plain.length; i++) {
    const text = plain[i];
    out[at] = 1;
    // The IV: 12 fresh random bytes of this blob (the whole buffer was filled from the random source above).
    const cipher = createCipheriv('aes-256-gcm', key, out.subarray(at + 1, at + 13), { authTagLength: 16 });
    cipher.setAAD(Buffer.from(purposes[i], 'utf8'));
    cipher.update(text).copy(out, at + 29);
    cipher.final();
    cipher.getAuthTag().copy(out, at + 13);
    lengths[i] = 29 + text.length;
    at += lengths[i];
  }
  const hashed = Buffer.allocUnsafeSlow(32 * hashes.length);
  hashes.forEach(([kind, value], i) => createHmac('sha256', indexKey).update(kind).update('\\0').update(value).digest().copy(hashed, 32 * i));
  parentPort.postMessage({ id, out: out.buffer, lengths, hashed: hashed.buffer }, [out.buffer, hashed.buffer]);
});
`;

interface Answer {
  id: number;
  out: ArrayBuffer;
  lengths: number[];
  hashed: ArrayBuffer;
}

export function startSealWorker(key: Buffer, indexKey: Buffer): SealWorker {
  let worker: Worker | null = null;
  let broken: Error | null = null;
  let nextId = 0;
  const waiting = new Map<number, { resolve(answer: Answer): void; reject(error: Error): void }>();

  const fail = (error: Error): void => {
    broken = error;
    log.warn('storage', `the sealing worker stopped, sealing goes on in the main thread: ${error.message}`);
    for (const one of waiting.values()) one.reject(error);
    waiting.clear();
    worker = null;
  };

  // Started on the first large job; held (ref) only while a job is under way, so it never keeps the app from quitting.
  function workerNow(): Worker {
    if (worker) return worker;
    worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { key, indexKey } });
    worker.unref();
    worker.on('message', (answer: Answer) => {
      const one = waiting.get(answer.id);
      waiting.delete(answer.id);
      if (waiting.size === 0) worker?.unref();
      one?.resolve(answer);
    });
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`exited with code ${code}`)));
    return worker;
  }

  return {
    async run(texts, purposes, hashes) {
      if (broken) throw broken;
      const id = nextId++;
      const answer = await new Promise<Answer>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        const thread = workerNow();
        thread.ref();
        thread.postMessage({ id, texts, purposes, hashes });
      });
      const out = Buffer.from(answer.out);
      const sealed: Buffer[] = [];
      let at = 0;
      for (const length of answer.lengths) {
        sealed.push(out.subarray(at, at + length));
        at += length;
      }
      const hashed = Buffer.from(answer.hashed);
      return { sealed, hashed: hashes.map((_, i) => hashed.subarray(32 * i, 32 * (i + 1))) };
    },
  };
}
