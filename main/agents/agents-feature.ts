import type { agentsChannels } from '../../preload/contract/agents';
import type { Feature } from '../app/feature';
import type { AppServices } from '../app/services';
import { createDeviceCache } from './device-cache';
import { activeAgentsProfile, createDeviceLookup } from './device-lookup';
import { createDeviceSearch } from './device-search';
import { createShortcutStore } from './shortcut-store';
import { createWatchLists, type WatchEvents } from './watch-lists';
import { createWatchRepository } from '../storage/repositories/watch-repository';
import { createAlertsPart } from '../alerts/alerts-part';

export interface AgentsFeatureOptions {
  /** Tests shorten the gathering of notifications. */
  notifyGatherMs?: number;
  now?: () => number;
}

/** Camera-agent inspection and the watch lists (see preload/contract/agents.ts). */
export function createAgentsFeature(services: AppServices, options: AgentsFeatureOptions = {}): Feature<typeof agentsChannels> {
  const cache = createDeviceCache(services.storage, services.sealer);
  const shortcuts = createShortcutStore(services.storage);
  const lookup = createDeviceLookup(services.connections, cache, shortcuts);
  // What was kept for a deleted profile (its device copies, recent and pinned devices) goes with it.
  const stopForgetting = services.profiles.onRemoved(async (profileId) => {
    await lookup.idle();
    await cache.clear(profileId);
    await shortcuts.forgetProfile(profileId);
  });
  const events: WatchEvents = {
    changed: (summary) => services.events.emit('watch.changed', summary),
    rows: (changes) => services.events.emit('watch.rows', changes),
    alerts: (alerts) => services.events.emit('watch.alerts', { alerts }),
  };
  const alertsPart = createAlertsPart(services, {
    ...(options.now ? { now: options.now } : {}),
    ...(options.notifyGatherMs !== undefined ? { notifyQuietMs: options.notifyGatherMs } : {}),
  });
  const watch = createWatchLists({
    alerts: alertsPart.alerts,
    history: alertsPart.history,
    connections: services.connections,
    store: createWatchRepository(services.storage),
    notifier: services.notifier,
    events,
    ...(options.now ? { now: options.now } : {}),
    ...(options.notifyGatherMs !== undefined ? { notifyGatherMs: options.notifyGatherMs } : {}),
  });
  // A server brought back by an undo: its watch lists that stopped for want of it poll again.
  const stopRestoring = services.profiles.onRestored((profileId) => watch.serverBack(profileId));

  const search = createDeviceSearch({
    activeProfileId: async () => (await activeAgentsProfile(services.connections)).profile.id,
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
      'agents.clearCache': () => lookup.clearCache().then(() => null),
      'agents.shortcuts': () => lookup.shortcuts(),
      'agents.pin': ({ id, pinned }) => lookup.pin(id, pinned),
      'agents.clearRecent': () => lookup.clearRecent(),
      'agents.restoreRecent': () => lookup.restoreRecent(),
      'agents.watchLists': () => watch.list(),
      'agents.watchSave': (input) => watch.save(input),
      'agents.watchDelete': ({ id }) => watch.remove(id).then(() => null),
      'agents.watchRestore': ({ id }) => watch.undoRemove(id),
      'agents.watchView': ({ id }) => watch.view(id),
      'agents.watchRows': (query) => watch.window(query),
      'agents.watchSetActive': ({ id, active }) => watch.setActive(id, active),
      'agents.watchPollNow': ({ id }) => watch.pollNow(id),
      'agents.alerts': (input) => watch.alerts(input?.listId),
      'agents.acknowledge': ({ alertIds, all }) => watch.acknowledge(all ? 'all' : (alertIds ?? [])),
      ...alertsPart.handlers,
      // What the operator does about an alert or a device is kept per list: on a list deleted meanwhile it would be
      // kept for nothing (and answer as if it had worked), so it is refused in the list's words.
      'agents.alertAcknowledge': (input, context) => watch.whenListed(input.listId, () => alertsPart.handlers['agents.alertAcknowledge'](input, context)),
      'agents.alertSnooze': (input, context) => watch.whenListed(input.listId, () => alertsPart.handlers['agents.alertSnooze'](input, context)),
      'agents.deviceMute': (input, context) => watch.whenListed(input.listId, () => alertsPart.handlers['agents.deviceMute'](input, context)),
    },
    async dispose() {
      stopForgetting();
      stopRestoring();
      await watch.dispose();
      alertsPart.dispose();
      await lookup.idle();
    },
  };
}
