import type { WatchAlert } from '../../preload/contract/agents';
import type { AlertFacts, WatchRule } from '../../preload/contract/agents-rules';
import { durationInWords } from '../../preload/contract/duration-words';
import { ruleWords } from '../../preload/contract/rule-words';
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
    case 'diskFull':
      return t('agents.notify.diskFull', { device, days: alert.facts.days ?? alert.rule.days });
  }
}

/** A rule as the operator knows it ("storage over 95%"), not by its id. */
export function ruleInWords(rule: WatchRule): string {
  const words = ruleWords(rule, t);
  return t(words.key, words.values);
}

/** A change of an alert in one sentence: what fired, or that it resolved. */
export function changeSentence(rule: WatchRule, facts: AlertFacts, deviceId: string, deviceName: string | null, resolved: boolean): string {
  if (resolved) {
    const device = deviceName ? `${deviceName} (${deviceId})` : deviceId;
    return t('agents.notify.resolved', { device, rule: ruleInWords(rule) });
  }
  return alertSentence({ id: '', listId: '', listName: '', deviceId, deviceName, rule, facts, raisedAt: '', clearedAt: null, acknowledgedAt: null });
}
