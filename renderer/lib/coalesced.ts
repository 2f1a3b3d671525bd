/**
 * Wraps an async job so bursts of triggers run it at most twice: one run in flight, and one trailing run when more
 * triggers arrived meanwhile (so the last trigger's change is always seen). Every caller's promise resolves once a
 * run that started after its call has finished.
 *
 * Used for events that say "something changed, re-read it": a storm of 1,000 events costs two reads, not 1,000.
 */
export function coalesced(job: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let trailing: Promise<void> | null = null;

  const start = (): Promise<void> => {
    running = (async () => {
      try {
        await job();
      } finally {
        running = null;
      }
    })();
    return running;
  };

  return () => {
    if (!running) return start();
    // One trailing run serves every trigger that arrived while a run was in flight.
    trailing ??= running.catch(() => undefined).then(() => {
      trailing = null;
      return start();
    });
    return trailing;
  };
}
