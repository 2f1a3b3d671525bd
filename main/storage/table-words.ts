import type { MessageKey } from '../../preload/contract/messages';
import { t } from '../shared/i18n';

/** Tables as the operator knows what they hold; a table not listed here is told by its own name. */
const words: Readonly<Record<string, MessageKey>> = {
  meta: 'storage.tables.meta',
  watch_lists: 'storage.tables.watchLists',
  watch_alerts: 'storage.tables.watchAlerts',
  lookup_shortcuts: 'storage.tables.shortcuts',
  device_cache: 'storage.tables.deviceCache',
  dashboard_cache: 'storage.tables.dashboardCache',
  analytics_drafts: 'storage.tables.drafts',
  analytics_sent: 'storage.tables.sent',
  profiles: 'storage.tables.profiles',
  active_profile: 'storage.tables.activeProfile',
  outbox_entries: 'storage.tables.outbox',
  outbox_requests: 'storage.tables.outboxRequests',
  outbox_entries_next: 'storage.tables.outboxNext',
  camera_templates: 'storage.tables.templates',
  token_history: 'storage.tables.tokenHistory',
  token_history_counts: 'storage.tables.tokenHistoryCounts',
  token_history_streams: 'storage.tables.tokenHistoryStreams',
  token_history_cleared: 'storage.tables.tokenHistoryCleared',
  token_batches: 'storage.tables.tokenBatches',
  history_devices: 'storage.tables.historyDevices',
  device_transitions: 'storage.tables.deviceTransitions',
  storage_samples: 'storage.tables.storageSamples',
  alert_transitions: 'storage.tables.alertTransitions',
  alert_silences: 'storage.tables.alertSilences',
  muted_devices: 'storage.tables.mutedDevices',
  settings: 'storage.tables.settings',
};

export function tableWords(table: string): string {
  const key = words[table];
  return key ? t(key) : table;
}
