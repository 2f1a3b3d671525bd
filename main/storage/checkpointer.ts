import { Worker } from 'node:worker_threads';
import { log } from '../shared/log';

/**
 * WAL checkpoints on purpose, off the main thread. SQLite's automatic checkpoint runs inside whichever commit crosses
 * 1,000 pages, on that connection's thread, and syncs the whole database file: a pause of 50–250 ms in the middle of
 * an import on a busy disk. Here the main connection never checkpoints by itself; a worker with its own connection
 * copies committed pages into the database (PASSIVE: it never blocks a writer) about once a second while there were
 * commits, and the close does a last TRUNCATE checkpoint.
 *
 * The WAL is emptied (TRUNCATE) by the worker too, after an interval with no commit: a connection that shrank the log
 * itself (journal_size_limit) did so inside a commit on main, where cutting 100 MB of log held the event loop for
 * 30-60 ms in the middle of an import. So main never truncates (see database-files.ts), and the file is given back
 * once the console is quiet; while commits go on, the log is reused from its start after each complete checkpoint.
 */
export interface Checkpointer {
  /** A commit happened: a checkpoint is due within the interval. */
  committed(): void;
  /**
   * Ends the worker and waits (briefly, synchronously) until its connection is closed, so that nothing touches the
   * database's files once the storage is closed.
   */
  stop(): void;
}

// Plain CommonJS evaluated in the worker: nothing to bundle or find on disk, in the desktop app or under Node.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { DatabaseSync } = require('node:sqlite');
const closed = new Int32Array(workerData.closed);
const db = new DatabaseSync(workerData.file);
db.exec('PRAGMA busy_timeout = 5000');
parentPort.on('message', (message) => {
  if (message === 'stop') {
    db.close();
    Atomics.store(closed, 0, 1);
    Atomics.notify(closed, 0);
    parentPort.close();
    return;
  }
  // TRUNCATE waits (here, not on main) for readers of the log; a writer meanwhile finds it busy for that moment.
  const mode = message === 'truncate' ? 'TRUNCATE' : 'PASSIVE';
  try { db.exec('PRAGMA wal_checkpoint(' + mode + ')'); } catch (error) { parentPort.postMessage(String(error && error.message || error)); }
});
`;

const STOP_WAIT_MS = 5000;

export function startCheckpointer(file: string, intervalMs = 1000): Checkpointer {
  let worker: Worker | null = null;
  let closed: Int32Array | null = null;
  let dirty = false;
  /** Commits were checkpointed, but the log was not emptied since: it is, after an interval without commits. */
  let logLeft = false;

  // Started on the first checkpoint that is due: a storage opened and closed at once (a short command, a test) never
  // starts a thread.
  function workerNow(): Worker {
    if (worker) return worker;
    const flag = new SharedArrayBuffer(4);
    closed = new Int32Array(flag);
    worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, closed: flag } });
    worker.unref();
    worker.on('message', (problem: string) => log.warn('storage', `checkpoint failed: ${problem}`));
    worker.on('error', (error) => log.warn('storage', `the checkpoint worker stopped: ${String(error)}`));
    return worker;
  }

  const timer = setInterval(() => {
    if (dirty) {
      dirty = false;
      logLeft = true;
      workerNow().postMessage('checkpoint');
    } else if (logLeft) {
      logLeft = false;
      workerNow().postMessage('truncate');
    }
  }, intervalMs);
  timer.unref();

  return {
    committed() {
      dirty = true;
    },
    stop() {
      clearInterval(timer);
      if (!worker || !closed) return;
      worker.postMessage('stop');
      // A checkpoint under way finishes first; a worker still starting opens and then closes its connection.
      if (Atomics.wait(closed, 0, 0, STOP_WAIT_MS) === 'timed-out') log.warn('storage', 'the checkpoint worker did not stop in time');
      void worker.terminate();
      worker = null;
    },
  };
}
