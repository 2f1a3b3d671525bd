import { UINT32_MAX } from '../../../preload/contract/tokens';
import { spanInWords } from './expiry-words';
import { t } from '../../lib/i18n.svelte';

/** Token lifetimes: the presets a desk uses most, a custom value in human units, or unlimited (0). */
export const TTL_PRESETS = [
  { seconds: 900 },
  { seconds: 3600 },
  { seconds: 28_800 },
  { seconds: 86_400 },
  { seconds: 604_800 },
] as const;

/** A preset's words on its button ("15 min", "1 hour"). */
export function presetLabel(seconds: (typeof TTL_PRESETS)[number]['seconds']): string {
  return t(`tokens.ttl.presets.s${seconds}`);
}

export const TTL_UNITS = { minutes: 60, hours: 3600, days: 86_400 } as const;
export type TtlUnit = keyof typeof TTL_UNITS;

export type TtlChoice =
  | { mode: 'preset'; seconds: number }
  | { mode: 'custom'; amount: string; unit: TtlUnit }
  | { mode: 'unlimited' };

export type TtlResult = { ok: true; seconds: number } | { ok: false; message: string };

/** The lifetime in whole seconds, or the sentence to show under the field. */
export function ttlSeconds(choice: TtlChoice): TtlResult {
  if (choice.mode === 'unlimited') return { ok: true, seconds: 0 };
  if (choice.mode === 'preset') return { ok: true, seconds: choice.seconds };
  const text = choice.amount.trim().replace(',', '.');
  if (text === '') return { ok: false, message: t('tokens.ttl.errors.empty', { unit: t(`tokens.ttl.units.${choice.unit}`) }) };
  const amount = Number(text);
  if (!Number.isFinite(amount)) return { ok: false, message: t('tokens.ttl.errors.notNumber') };
  if (amount <= 0) return { ok: false, message: t('tokens.ttl.errors.notPositive') };
  const seconds = Math.round(amount * TTL_UNITS[choice.unit]);
  if (seconds < 1) return { ok: false, message: t('tokens.ttl.errors.underSecond') };
  if (seconds > UINT32_MAX) return { ok: false, message: t('tokens.ttl.errors.tooLong', { years: Math.floor(UINT32_MAX / 86_400 / 365) }) };
  return { ok: true, seconds };
}

/** A lifetime in words: "15 min", "1 h 30 min", "7 days"; "unlimited" for 0 (the API's never-expires). */
export function durationInWords(seconds: number): string {
  return seconds === 0 ? t('tokens.words.unlimited') : spanInWords(seconds * 1000);
}
