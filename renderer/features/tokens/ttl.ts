import { UINT32_MAX } from '../../../preload/contract/tokens';
import { spanInWords } from './expiry-words';

/** Token lifetimes: the presets a desk uses most, a custom value in human units, or unlimited (0). */
export const TTL_PRESETS = [
  { label: '15 min', seconds: 900 },
  { label: '1 hour', seconds: 3600 },
  { label: '8 hours', seconds: 28_800 },
  { label: '1 day', seconds: 86_400 },
  { label: '7 days', seconds: 604_800 },
] as const;

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
  if (text === '') return { ok: false, message: `Enter how many ${choice.unit} the token lasts.` };
  const amount = Number(text);
  if (!Number.isFinite(amount)) return { ok: false, message: 'Enter a number, for example 2 or 1.5.' };
  if (amount <= 0) return { ok: false, message: 'Enter a lifetime above 0. For a token that never expires, choose Unlimited.' };
  const seconds = Math.round(amount * TTL_UNITS[choice.unit]);
  if (seconds < 1) return { ok: false, message: 'That is less than a second. Enter a longer lifetime.' };
  if (seconds > UINT32_MAX) return { ok: false, message: `That is longer than the server accepts (about ${Math.floor(UINT32_MAX / 86_400 / 365)} years).` };
  return { ok: true, seconds };
}

/** A lifetime in words: "15 min", "1 h 30 min", "7 days"; "unlimited" for 0 (the API's never-expires). */
export function durationInWords(seconds: number): string {
  return seconds === 0 ? 'unlimited' : spanInWords(seconds * 1000);
}
