import { parentPort, workerData } from 'node:worker_threads';
import { z } from 'zod';
import { createDashboardCacheRepository, type DashboardCacheRepository } from '../storage/repositories/dashboard-cache-repository';
import { createAnswerViews } from './answer-views';
import type { AnswerReply, AnswerRequest, AnswerValues, SavedOpened } from './answer-messages';
import { openThreadStorage } from './thread-storage';

/**
 * The answer thread's entry: checks dashboard answers from their bytes, keeps their media servers (as those bytes,
 * answer-views.ts), answers the table's windows (sorting and filtering 100,000 rows here), and reads and writes the
 * offline copies on its own connection. Main's event loop only hands bytes over and passes small answers on.
 */
const port = parentPort!;
const { databaseFile, writable } = workerData as { databaseFile: string | null; writable: boolean };
const views = createAnswerViews();

/**
 * The thread's own connection, for one read or write, then closed. Closing finalizes its statements, and with them
 * the values last bound to them: node:sqlite keeps a statement's bindings until it is bound again, so a write
 * statement kept open held its last 60 MB answer (SQLite's own copy) until the next save. Opening costs about a
 * millisecond, once per answer.
 */
function withRepository<T>(work: (repository: DashboardCacheRepository) => T): T {
  if (databaseFile === null) throw new Error('no database file for offline copies');
  const storage = openThreadStorage(databaseFile, !writable);
  try {
    return work(createDashboardCacheRepository(storage));
  } finally {
    storage.close();
  }
}

const fetchedAtSchema = z.iso.datetime();

function openSaved({ profileId, periodKey, viewKey, replaces }: Extract<AnswerRequest, { kind: 'openSaved' }>): SavedOpened {
  // As bytes, as an answer arrives: a 60 MB copy read as text was a string and then bytes, both held at once.
  const row = withRepository((repository) => repository.readBytes(profileId, periodKey));
  if (!row) return { summary: null, warning: null };
  // The views this copy replaces go before it is parsed (they stay when there is no copy to show instead).
  views.drop(replaces);
  // Written by this console from a checked answer; one that no longer checks (a newer schema) is only a missed
  // offline view, since the server's answer is the truth.
  const opened = fetchedAtSchema.safeParse(row.fetchedAt).success ? views.open(Buffer.from(row.body.buffer, row.body.byteOffset, row.body.byteLength), viewKey) : null;
  if (!opened?.ok) return { summary: null, warning: 'a saved dashboard no longer matches the answer shape and was ignored' };
  // Already saved: nothing to write again.
  if (viewKey !== null) views.takeCopy(viewKey);
  return { summary: opened.summary, fetchedAt: row.fetchedAt };
}

function handle(request: AnswerRequest): AnswerValues[AnswerRequest['kind']] {
  switch (request.kind) {
    case 'open': {
      // The superseded rows go before the new ones are parsed: a refresh of 100,000 servers never holds two copies.
      // (The page says it is refreshing meanwhile; a window asked of the old view is refused in words.)
      views.drop(request.replaces);
      // The bytes are read where they are, and kept as the rows' store and the offline copy.
      return views.open(Buffer.from(request.bytes, 0, request.length), request.viewKey);
    }
    case 'openSaved':
      return openSaved(request);
    case 'window':
      return views.window(request.viewKey, request.query);
    case 'save': {
      const copy = views.takeCopy(request.viewKey);
      // A database opened read-only is left exactly as it is: the copy is let go, not saved.
      if (copy !== null && writable) withRepository((repository) => repository.write(request.profileId, request.periodKey, request.fetchedAt, copy));
      return null;
    }
    case 'drop':
      views.drop(request.viewKeys);
      return null;
  }
}

port.on('message', ({ id, request }: { id: number; request: AnswerRequest }) => {
  let reply: AnswerReply;
  try {
    reply = { id, ok: true, value: handle(request) };
  } catch (error) {
    reply = { id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
