import type { agentsChannels } from '../../preload/contract/agents';
import type { Feature } from '../app/feature';
import type { AppServices } from '../app/services';
import { createDeviceCache } from './device-cache';
import { createDeviceLookup } from './device-lookup';
import { createDeviceSearch } from './device-search';
import { AppFailure, isAppFailure } from '../shared/app-failure';
import { t } from '../shared/i18n';
import { createShortcutStore } from './shortcut-store';
import { createWatchLists, type WatchEvents } from './watch-lists';
import { createWatchStore } from './watch-store';

export interface AgentsFeatureOptions {
  /** Tests shorten the gathering of notifications. */
  notifyGatherMs?: number;
  now?: () => number;
}

/** Camera-agent inspection and the watch lists (see preload/contract/agents.ts). */
export function createAgentsFeature(services: AppServices, options: AgentsFeatureOptions = {}): Feature<typeof agentsChannels> {
  const cache = createDeviceCache(services.dataDir);
  const shortcuts = createShortcutStore(services.dataDir);
  const lookup = createDeviceLookup(services.connections, cache, shortcuts);
  const events: WatchEvents = {
    changed: (summary) => services.events.emit('watch.changed', summary),
    // A copy: the alert object lives on in the list and changes when it clears or is acknowledged.
    alert: (alert) => services.events.emit('watch.alert', { ...alert }),
  };
  const watch = createWatchLists({
    connections: services.connections,
    store: createWatchStore(services.dataDir),
    notifier: services.notifier,
    events,
    ...(options.now ? { now: options.now } : {}),
    ...(options.notifyGatherMs !== undefined ? { notifyGatherMs: options.notifyGatherMs } : {}),
  });

  const search = createDeviceSearch({
    activeProfileId: async () => {
      try {
        return (await services.connections.active()).profile.id;
      } catch (error) {
        if (isAppFailure(error) && error.kind === 'NotFound') throw new AppFailure('NotFound', t('agents.errors.noProfile'), { action: 'open-connect' });
        throw error;
      }
    },
    shortcuts,
    cache,
    watch,
  });

  return {
    handlers: {
      'agents.search': ({ query }) => search.search(query),
      // A cancelled look-up (the operator typed another id, left the screen) aborts its HTTP request.
      'agents.lookup': ({ id }, context) => lookup.lookup(id, context.signal),
      'agents.cached': ({ id }) => lookup.cached(id),
      'agents.clearCache': async () => {
        await lookup.clearCache();
        return null;
      },
      'agents.shortcuts': () => lookup.shortcuts(),
      'agents.pin': ({ id, pinned }) => lookup.pin(id, pinned),
      'agents.clearRecent': () => lookup.clearRecent(),
      'agents.watchLists': () => watch.list(),
      'agents.watchSave': (input) => watch.save(input),
      'agents.watchDelete': async ({ id }) => {
        await watch.remove(id);
        return null;
      },
      'agents.watchView': ({ id }) => watch.view(id),
      'agents.watchSetActive': ({ id, active }) => watch.setActive(id, active),
      'agents.watchPollNow': ({ id }) => watch.pollNow(id),
      'agents.alerts': (input) => watch.alerts(input?.listId),
      'agents.acknowledge': ({ alertIds, all }) => watch.acknowledge(all ? 'all' : (alertIds ?? [])),
    },
    async dispose() {
      await watch.dispose();
      await lookup.idle();
    },
  };
}
