import { afterEach, describe, expect, it } from 'vitest';
import { Outbox } from '../../../main/outbox/outbox';
import { queuedEntry } from '../../../main/outbox/outbox-state';
import { AppFailure } from '../../../main/shared/app-failure';
import { outboxDatabase } from '../../support/outbox-db';

const databases: Array<ReturnType<typeof outboxDatabase>> = [];
afterEach(() => {
  for (const db of databases.splice(0)) db.remove();
});

const meta = { profileId: 'p', profileName: 'Demo', importId: 'site-a' };

describe("an import's cancel", () => {
  it('leaves a camera the server may have created to finish also when it was queued again by "Try all again now", and takes the rest out', async () => {
    const db = outboxDatabase();
    databases.push(db);
    const { repository } = db.open();
    const at = new Date().toISOString();
    // One whose answer was lost, queued again by the installer; one never sent.
    repository.insert([{ ...queuedEntry('e-lost', { name: 'Lost answer', external_id: 'lost' }, meta, at), maybeCreated: true, attempts: 1 }, queuedEntry('e-new', { name: 'Never sent', external_id: 'new' }, meta, at)]);
    expect(repository.unsentOfImport('site-a')).toEqual(['e-new']);

    const outbox = new Outbox({
      repository,
      send: async () => {
        throw new AppFailure('Offline', 'The server refused the connection.', { data: { reason: 'refused' } });
      },
      baseDelayMs: 60_000,
    });
    await outbox.discard(repository.unsentOfImport('site-a'));
    expect(repository.all().map((entry) => entry.id)).toEqual(['e-lost']);
    await outbox.dispose();
  });
});
