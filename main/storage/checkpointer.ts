import { Worker } from 'node:worker_threads';
import { log } from '../shared/log';

/**
 * WAL checkpoints on purpose, off the main thread. SQLite's automatic checkpoint runs inside whichever commit crosses
 * 1,000 pages, on that connection's thread, and syncs the whole database file: a pause of 50–250 ms in the middle of
 * an import on a busy disk. Here the main connection never checkpoints by itself; a worker with its own connection
 * copies committed pages into the database (PASSIVE: it never blocks a writer) about once a second while there were
 * commits, and the close does a last TRUNCATE checkpoint.
 */
export interface Checkpointer {
  /** A commit happened: a checkpoint is due within the interval. */
  committed(): void;
  /** Ends the worker (a checkpoint under way finishes first; the close's own checkpoint then waits for its lock). */
  stop(): void;
}

// Plain CommonJS evaluated in the worker: nothing to bundle or find on disk, in the desktop app or under Node.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { DatabaseSync } = require('node:sqlite');
const db = new DatabaseSync(workerData.file);
db.exec('PRAGMA busy_timeout = 5000');
parentPort.on('message', (message) => {
  if (message === 'stop') { db.close(); parentPort.close(); return; }
  try { db.exec('PRAGMA wal_checkpoint(PASSIVE)'); } catch (error) { parentPort.postMessage(String(error && error.message || error)); }
});
`;

export function startCheckpointer(file: string, intervalMs = 1000): Checkpointer {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file } });
  worker.unref();
  worker.on('message', (problem: string) => log.warn('storage', `checkpoint failed: ${problem}`));
  worker.on('error', (error) => log.warn('storage', `the checkpoint worker stopped: ${String(error)}`));
  let dirty = false;
  const timer = setInterval(() => {
    if (!dirty) return;
    dirty = false;
    worker.postMessage('checkpoint');
  }, intervalMs);
  timer.unref();
  return {
    committed() {
      dirty = true;
    },
    stop() {
      clearInterval(timer);
      worker.postMessage('stop');
      void worker.terminate();
    },
  };
}
