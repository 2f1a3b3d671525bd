import pkg from '../../package.json' with { type: 'json' };
import type { AppServices } from '../app/services';
import { log } from '../shared/log';
import { createUpdateService } from '../support/updates';
import { feedInForce } from '../support/update-feed';

/** The first check a while after start (the console's own start comes first), then every few hours while it runs. */
const FIRST_CHECK_MS = 20_000;
const CHECK_EVERY_MS = 6 * 60 * 60 * 1000;

/**
 * Updates for this console: the service that checks, downloads and installs from the feed in force, its status pushed
 * as `support.update`, and its checks on a schedule where updates can be installed (`check` itself makes no request
 * while no feed is set).
 */
export function createScheduledUpdates({ support, events }: AppServices) {
  const updates = createUpdateService({
    currentVersion: pkg.version,
    feedUrl: () => feedInForce(support.settings),
    factory: support.updaterFactory,
    onStatus: (status) => events.emit('support.update', status),
  });
  void updates.feedChanged().catch((error: unknown) => log.warn('updates', `the update feed could not be read: ${String(error)}`, error));

  const timers: NodeJS.Timeout[] = [];
  if (support.updaterFactory) {
    const check = () => void updates.check().catch((error: unknown) => log.warn('updates', `the scheduled check failed: ${String(error)}`));
    timers.push(setTimeout(check, FIRST_CHECK_MS), setInterval(check, CHECK_EVERY_MS));
    for (const timer of timers) timer.unref();
  }
  return {
    updates,
    dispose(): void {
      for (const timer of timers) clearTimeout(timer);
    },
  };
}
