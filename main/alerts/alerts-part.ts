import type { alertChannels, DeviceHistoryView } from '../../preload/contract/agents-alerts';
import type { HandlersFor } from '../app/feature';
import type { AppServices } from '../app/services';
import { createAlertHistoryRepository } from '../storage/repositories/alert-history-repository';
import { createAlertService, type AlertService } from './alert-service';
import { alertStatesWindow } from './alert-states-window';
import { createDeviceHistory, type DeviceHistoryService } from './device-history';
import { historyCsv } from './transition-csv';

const DAY_MS = 86_400_000;

export interface AlertsPart {
  alerts: AlertService;
  history: DeviceHistoryService;
  handlers: HandlersFor<typeof alertChannels>;
  dispose(): void;
}

export interface AlertsPartOptions {
  now?: () => number;
  /** Tests shorten the gathering of notifications. */
  notifyQuietMs?: number;
}

/**
 * The alert states, their log and silences, and device history, over the one database: what the agents feature
 * hands its watch runners, and the channels the screen reads them through.
 */
export function createAlertsPart(services: AppServices, options: AlertsPartOptions = {}): AlertsPart {
  const now = options.now ?? Date.now;
  const repository = createAlertHistoryRepository(services.storage);
  const history = createDeviceHistory({ repository });
  const alerts = createAlertService({
    repository,
    notifier: services.notifier,
    now,
    ...(options.notifyQuietMs !== undefined ? { grouping: { quietMs: options.notifyQuietMs } } : {}),
    onCommitted: (listIds) => services.events.emit('watch.alertStates', { listIds }),
    onNotification: (note) => services.events.emit('watch.notification', note),
  });

  async function historyOf(id: string, days = 30): Promise<DeviceHistoryView> {
    const { profile } = await services.connections.active();
    const to = now();
    const from = to - days * DAY_MS;
    const timeline = history.timeline(profile.id, id, from);
    return { deviceId: id, from, to, ...timeline, forecasts: history.forecasts(profile.id, id, to) };
  }

  return {
    alerts,
    history,
    handlers: {
      'agents.alertStates': ({ listId }) => alerts.states(listId),
      'agents.alertStatesWindow': ({ listId, ...query }) => alertStatesWindow(alerts.states(listId), query),
      'agents.alertAcknowledge': ({ listId, deviceId, ruleId, note }) => alerts.acknowledge(listId, deviceId, ruleId, note),
      'agents.alertSnooze': ({ listId, deviceId, ruleId, until }) => alerts.snooze(listId, deviceId, ruleId, until),
      'agents.deviceMute': ({ listId, deviceId, muted }) => {
        alerts.mute(listId, deviceId, muted);
        return null;
      },
      'agents.alertLog': ({ listId, deviceId, ruleId }) => alerts.transitions(listId, { ...(deviceId ? { deviceId } : {}), ...(ruleId ? { ruleId } : {}) }),
      'agents.alertLogCsv': ({ listId, deviceId, ruleId }) => alerts.csv(listId, { ...(deviceId ? { deviceId } : {}), ...(ruleId ? { ruleId } : {}) }),
      'agents.deviceHistory': ({ id, days }) => historyOf(id, days),
      'agents.deviceHistoryCsv': async ({ id, days }) => historyCsv(await historyOf(id, days)),
    },
    dispose() {
      alerts.dispose();
      history.flush();
    },
  };
}
