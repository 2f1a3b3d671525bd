import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hasDbus } from '../../../support/dbus';
import { ConnectionState } from '../../../../renderer/features/connect/connection-state.svelte';
import { connectedApi, type ConnectedApi } from '../connected-api';
import { locale } from '../../../../renderer/lib/i18n.svelte';

describe.skipIf(!hasDbus)('ConnectionState (the header badge) over the real main process and the simulator', () => {
  let under: ConnectedApi;
  afterEach(async () => {
    await under.close();
  });

  describe('with no server configured', () => {
    beforeEach(async () => {
      under = await connectedApi('ui-connection-none');
    });
    it('says no server is connected', async () => {
      const connection = new ConnectionState(under.api);
      await connection.refresh();
      expect(connection.level).toBe('none');
      expect(connection.summary).toBe('No server connected');
    });
  });

  describe('with the simulator as the active server', () => {
    beforeEach(async () => {
      under = await connectedApi('ui-connection', { profile: true });
    });

    it('shows the active server connected, then failing with the broken step once a forced check finds it down', async () => {
      const connection = new ConnectionState(under.api);
      await connection.refresh();
      expect(connection.level).toBe('ok');
      expect(connection.summary).toBe('Connected');
      expect(connection.health?.profile?.name).toBe('Simulator');

      under.simulator.faults.add({ path: '/api/', status: 503 });
      await connection.refresh(true);
      expect(connection.level).toBe('failing');
      expect(connection.summary).not.toBe('Connected');
      expect(connection.error).toBeNull();
    });

    it('shows a failed call at once from the pushed change, before the next periodic check', async () => {
      const connection = new ConnectionState(under.api);
      const stop = connection.watch();
      await vi.waitFor(() => expect(connection.level).toBe('ok'));
      // The server starts refusing the token: the next platform call of the page fails, and main pushes
      // `connection.changed` for the active server.
      under.simulator.faults.add({ path: '/api/', status: 401 });
      await under.api.tokens.create({ stream: under.privateStreams()[0]!, live: true, ttl: 60 });
      await vi.waitFor(() => expect(connection.level).toBe('failing'));
      expect(connection.summary).not.toBe('Connected');
      // The reason main pushed in English reads in Russian once the page shows Russian.
      const english = connection.summary;
      locale.set('ru');
      try {
        expect(connection.summary).not.toBe(english);
        expect(connection.summary).toMatch(/[а-яё]{4,}/i);
      } finally {
        locale.set('en');
      }
      stop();
    });
  });
});
