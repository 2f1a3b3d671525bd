import type { AppServices } from '../app/services';
import type { Feature } from '../app/feature';
import { dashboardChannels } from '../../preload/contract/dashboard';
import { startAnswerThread } from './answer-thread';
import { createDashboardLoader } from './dashboard-loader';
import { createDashboardCacheRepository } from '../storage/repositories/dashboard-cache-repository';
import { createServerViews } from './server-views';
import { createFleetService } from './fleet-service';
import { createProfileChoice } from './profile-choice';

export { FIRST_SERVER_WINDOW } from './answer-views';

/**
 * The dashboard: operation 6 for one profile or the whole fleet. Answers are parsed, checked, kept and saved for
 * offline use in a thread of their own (answer-thread.ts); the saved copy is served marked stale when a server
 * cannot answer.
 */
export function createDashboardFeature(services: AppServices): Feature<typeof dashboardChannels> {
  const { storage } = services;
  // Offline copies are read and written on the thread's own connection; a database in memory has no file to share,
  // and one opened read-only (a read-only folder, a newer version's file) is only read there, never written.
  const thread = startAnswerThread(storage.file === ':memory:' ? null : storage.file, storage.writable);
  const saved = createDashboardCacheRepository(storage);
  const loader = createDashboardLoader(services.connections, thread, (profileId, periodKey) => saved.has(profileId, periodKey));
  const views = createServerViews(loader, thread);
  const fleet = createFleetService(services.profiles, loader);
  const choice = createProfileChoice(services.profiles);
  // A deleted profile's kept rows and saved dashboards go with it (after any write still running for it).
  const stopForgetting = services.profiles.onRemoved(async (profileId) => {
    views.forget(profileId);
    await loader.forget(profileId);
    saved.forgetProfile(profileId);
  });

  return {
    handlers: {
      'dashboard.get': async ({ profileId, period }, context) => views.get(await choice.profile(profileId), period, context.signal),
      'dashboard.servers': (query) => views.window(query),
      'dashboard.fleet': ({ period, requestId }, context) =>
        fleet.fleet(period, context.signal, requestId === undefined ? undefined : (tile) => services.events.emit('dashboard.fleetTile', { requestId, tile })),
    },
    async dispose() {
      stopForgetting();
      await loader.idle();
      await thread.close();
    },
  };
}
