import type { WatchAlert } from '../../preload/contract/agents';
import { durationInWords } from '../../preload/contract/duration-words';
import { t } from '../shared/i18n';

/** An alert in one sentence, for a desktop notification (the screen words alerts itself, in its own language). */
export function alertSentence(alert: WatchAlert): string {
  const device = alert.deviceName ? `${alert.deviceName} (${alert.deviceId})` : alert.deviceId;
  switch (alert.rule.kind) {
    case 'offline':
      return t('agents.notify.offline', { device, duration: durationInWords(alert.facts.minutes ?? alert.rule.minutes, t) });
    case 'storage':
      return t('agents.notify.storage', { device, percent: alert.facts.percent ?? alert.rule.percent });
    case 'version':
      return t('agents.notify.version', { device, version: alert.facts.version ?? '' });
    case 'stream':
      return t('agents.notify.stream', { device, streams: (alert.facts.streams ?? []).join(', ') });
  }
}
