import type { Language } from '../../../preload/contract/messages';
import type { WatchAlert } from '../../../preload/contract/agents';
import type { WatchRule } from '../../../preload/contract/agents-rules';
import { humanSize, sizeFractionDigits } from '../../../preload/contract/agents-storage';
import { durationInWords } from '../../../preload/contract/duration-words';
import { ruleWords as ruleWordsIn } from '../../../preload/contract/rule-words';
import { formatDateTime, formatNumber, formatRelative } from '../../lib/format';
import { t } from '../../lib/i18n.svelte';

/** A moment as the view shows it: in the operator's zone, relative to now, and the raw UTC for the hover. */
export interface Moment {
  local: string;
  relative: string;
  utc: string;
  iso: string;
}

/** Null (or a value that is not a date) gives null: the view says "not reported", never "null" or a blank. */
export function momentOf(value: string | null, language: Language, now: Date): Moment | null {
  if (value === null) return null;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) return null;
  return {
    local: formatDateTime(language, ms, { dateStyle: 'medium', timeStyle: 'medium' }),
    relative: formatRelative(language, ms, now),
    // The server's own text (microseconds and all) is the raw UTC.
    utc: value,
    iso: new Date(ms).toISOString(),
  };
}

/** The operator's time zone name, said once on the device view so "in your zone" is not a guess. */
export function operatorZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** "931.5", "GB": a size in megabytes in the largest unit that keeps it readable (the unit is a catalog word). */
export function sizeParts(language: Language, megabytes: number): { amount: string; unit: 'MB' | 'GB' | 'TB' | 'PB' } {
  const { amount, unit } = humanSize(megabytes);
  const digits = sizeFractionDigits(amount);
  return { amount: formatNumber(language, amount, { minimumFractionDigits: digits, maximumFractionDigits: digits }), unit };
}

export function percentText(language: Language, percent: number): string {
  return formatNumber(language, percent / 100, { style: 'percent', maximumFractionDigits: percent < 10 ? 1 : 0 });
}

/** "1920 × 1080", or null when either side is not reported. */
export function resolutionOf(width: number | null, height: number | null): string | null {
  return width === null || height === null ? null : `${width} × ${height}`;
}

/** The catalog key and values that put a rule in words, in the page's language. */
export const ruleWords = (rule: WatchRule): ReturnType<typeof ruleWordsIn> => ruleWordsIn(rule, t);

/** The catalog key and values that say what an alert saw. */
export function alertFactWords(alert: WatchAlert): { key: `agents.alerts.facts.${WatchRule['kind']}`; values: Record<string, string | number> } {
  switch (alert.rule.kind) {
    case 'offline':
      return { key: 'agents.alerts.facts.offline', values: { duration: durationInWords(alert.facts.minutes ?? alert.rule.minutes, t) } };
    case 'storage':
      return { key: 'agents.alerts.facts.storage', values: { percent: alert.facts.percent ?? alert.rule.percent } };
    case 'version':
      return { key: 'agents.alerts.facts.version', values: { version: alert.facts.version ?? '', expected: alert.rule.expected } };
    case 'stream':
      return { key: 'agents.alerts.facts.stream', values: { streams: (alert.facts.streams ?? []).join(', ') } };
    case 'diskFull':
      return { key: 'agents.alerts.facts.diskFull', values: { days: alert.facts.days ?? alert.rule.days } };
  }
}

/** A new rule of a kind, with a sensible starting value. */
export function newRule(kind: WatchRule['kind']): WatchRule {
  const id = `${kind}-${Math.random().toString(36).slice(2, 8)}`;
  switch (kind) {
    case 'offline':
      return { id, kind, minutes: 10 };
    case 'storage':
      return { id, kind, percent: 90 };
    case 'version':
      return { id, kind, expected: '' };
    case 'stream':
      return { id, kind };
    case 'diskFull':
      return { id, kind, days: 7 };
  }
}
