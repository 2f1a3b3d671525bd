import { parentPort, workerData } from 'node:worker_threads';
import { z } from 'zod';
import { createDashboardCacheRepository } from '../storage/repositories/dashboard-cache-repository';
import { createAnswerViews, decode } from './answer-views';
import type { AnswerReply, AnswerRequest, AnswerValues, SavedOpened } from './answer-messages';
import { openThreadStorage, type ThreadStorage } from './thread-storage';

/**
 * The answer thread's entry: decodes, parses and checks dashboard answers, keeps their media servers, answers the
 * table's windows (sorting and filtering 100,000 rows here), and reads and writes the offline copies on its own
 * connection. Main's event loop only hands bytes over and passes small answers on.
 */
const port = parentPort!;
const { databaseFile } = workerData as { databaseFile: string | null };
const views = createAnswerViews();
let storage: ThreadStorage | null = null;

function repository() {
  if (databaseFile === null) throw new Error('no database file for offline copies');
  storage ??= openThreadStorage(databaseFile);
  return createDashboardCacheRepository(storage);
}

const fetchedAtSchema = z.iso.datetime();

/** ES2024's ArrayBuffer.prototype.transfer (Node 20+), which the project's ES2023 library types do not list yet. */
type Detachable = ArrayBuffer & { transfer(length: number): ArrayBuffer };

function openSaved(profileId: string, periodKey: string, viewKey: string | null): SavedOpened {
  const row = repository().read(profileId, periodKey);
  if (!row) return { summary: null, warning: null };
  // Written by this console from a checked answer; one that no longer checks (a newer schema) is only a missed
  // offline view, since the server's answer is the truth.
  const opened = fetchedAtSchema.safeParse(row.fetchedAt).success ? views.open(row.body, viewKey) : null;
  if (!opened?.ok) return { summary: null, warning: 'a saved dashboard no longer matches the answer shape and was ignored' };
  if (viewKey !== null) views.takeText(viewKey);
  return { summary: opened.summary, fetchedAt: row.fetchedAt };
}

function handle(request: AnswerRequest): AnswerValues[AnswerRequest['kind']] {
  switch (request.kind) {
    case 'open': {
      // The superseded rows go before the new ones are parsed: a refresh of 100,000 servers never holds two copies.
      // (The page says it is refreshing meanwhile; a window asked of the old view is refused in words.)
      views.drop(request.replaces);
      const bytes = request.bytes!;
      const text = decode(bytes, request.length);
      // The bytes are freed before the parse, not at some later collection: detaching the buffer releases its 60 MB
      // at once (a transfer to nothing), so the parse never runs beside them.
      (bytes as Detachable).transfer(0);
      request.bytes = null;
      return views.open(text, request.viewKey);
    }
    case 'openSaved':
      return openSaved(request.profileId, request.periodKey, request.viewKey);
    case 'window':
      return views.window(request.viewKey, request.query);
    case 'save': {
      const text = views.takeText(request.viewKey);
      if (text !== null) repository().write(request.profileId, request.periodKey, request.fetchedAt, text);
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
