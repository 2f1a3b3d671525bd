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
};

export function tableWords(table: string): string {
  const key = words[table];
  return key ? t(key) : table;
}
