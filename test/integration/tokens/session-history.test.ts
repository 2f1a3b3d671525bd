import { createTokenHistoryRepository } from '../../../main/storage/repositories/token-history-repository';
import { afterEach, describe, expect, it } from 'vitest';
import { hasDbus } from '../../support/dbus';
import { openDesk, privateStreams, type Desk } from './desk';

const opened: Desk[] = [];
afterEach(async () => {
  for (const desk of opened.splice(0).reverse()) await desk.close();
});

describe.skipIf(!hasDbus)('token history in session-only mode', () => {
  it('lists only this session’s tokens, leaves the saved history untouched, and finds it again after a restart', async () => {
    const first = await openDesk();
    opened.push(first);
    const [savedStream, sessionStream] = privateStreams(first);
    const kept = await first.value('tokens.create', { stream: savedStream!, live: true, ttl: 3600 });
    const saved = createTokenHistoryRepository(first.app.services.storage);
    const sealer = await first.app.services.sealer();
    const before = saved.window(sealer, 10);

    first.app.services.vault.useSessionOnly();
    const issuedInSession = await first.value('tokens.create', { stream: sessionStream!, live: true, ttl: 60 });
    expect(issuedInSession.historyWarning).toBeNull();
    const sessionView = await first.value('tokens.history', {});
    expect(sessionView.sessionOnly).toBe(true);
    expect(sessionView.unreadable).toBeNull();
    expect(sessionView.entries.map((entry) => entry.id)).toEqual([issuedInSession.id]);
    await first.value('tokens.clearHistory', { confirm: true });
    expect(saved.window(sealer, 10)).toEqual(before);
    await first.dispose();

    const second = await openDesk({ dataDir: first.dataDir, keychainService: first.keychainService });
    opened.push(second);
    const restored = await second.value('tokens.history', {});
    expect(restored.sessionOnly).toBe(false);
    expect(restored.entries.map((entry) => entry.id)).toEqual([kept.id]);
  });
});
