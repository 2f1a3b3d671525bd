/**
 * Latitude and longitude as installers type or paste them. A single number may carry a decimal comma (`56,9496`,
 * how Russian and most European installers write it) or a decimal point, with or without a degree sign. Two numbers
 * are read as "latitude, longitude" only when that reading is the only one: a comma followed by a space
 * (`56.9496, 24.1052`, `56,9496, 24,1052`), a semicolon (`56,9496;24,1052`), whitespace alone (`56,9496 24,1052`),
 * a comma between two numbers that both have decimal points (`56.9496,24.1052`), or a map link (`…/@56.9496,24.1052,15z`,
 * `?q=56.9496,24.1052`, `#map=15/56.9496/24.1052`, `geo:56.9496,24.1052`). Anything else made of numbers and commas
 * (`56,9496,24,1052`) is ambiguous and the field asks, rather than guess a coordinate the installer never saw.
 * Ranges: latitude -90..90, longitude -180..180.
 */

export type CoordinateCheck = { ok: true; value: number } | { ok: false; reason: 'number' | 'range' | 'ambiguous' };

/** What one field's text holds. */
export type CoordinateText =
  | { kind: 'number'; value: number }
  | { kind: 'pair'; latitude: string; longitude: string }
  | { kind: 'ambiguous' }
  | { kind: 'other' };

const NUMBER = /^[+-]?(\d+([.,]\d+)?|[.,]\d+)$/;
/** One number inside a pair: a decimal point or a decimal comma. */
const PART = String.raw`[+-]?\d+(?:[.,]\d+)?`;
const DOTTED = String.raw`[+-]?\d+(?:\.\d+)?`;
const PAIRS = [
  new RegExp(`^(${PART})\\s*,\\s+(${PART})$`),
  new RegExp(`^(${PART})\\s*;\\s*(${PART})$`),
  new RegExp(`^(${PART})\\s+(${PART})$`),
  /^([+-]?\d+\.\d+),([+-]?\d+\.\d+)$/,
];
/** The coordinate forms of map links (Google, Yandex, OpenStreetMap, geo: URIs). */
const LINKS = [
  new RegExp(`@(${DOTTED}),(${DOTTED})`),
  new RegExp(`[?&](?:q|query|ll|center|daddr)=(${DOTTED})(?:,|%2C)\\s*(${DOTTED})`, 'i'),
  new RegExp(`#map=\\d+(?:\\.\\d+)?/(${DOTTED})/(${DOTTED})`),
  new RegExp(`^geo:(${DOTTED}),(${DOTTED})`, 'i'),
];
const LINK_LIKE = /^(https?:\/\/|geo:)/i;
/** Yandex writes longitude first: `ll=24.1052,56.9496`. */
const YANDEX = new RegExp(`yandex\\.[a-z]+/.*[?&]ll=(${DOTTED})(?:,|%2C)(${DOTTED})`, 'i');

function parseNumber(clean: string): number | null {
  if (!NUMBER.test(clean)) return null;
  const value = Number(clean.includes(',') ? clean.replace(',', '.') : clean);
  return Number.isFinite(value) ? value : null;
}

/** The text with surrounding space and degree signs removed. */
function tidy(text: string): string {
  return text.trim().replace(/°/g, '');
}

export function readCoordinateText(text: string): CoordinateText {
  const clean = tidy(text);
  const value = parseNumber(clean);
  if (value !== null) return { kind: 'number', value };
  if (LINK_LIKE.test(clean)) {
    const yandex = YANDEX.exec(clean);
    if (yandex) return { kind: 'pair', latitude: yandex[2]!, longitude: yandex[1]! };
    for (const link of LINKS) {
      const match = link.exec(clean);
      if (match) return { kind: 'pair', latitude: match[1]!, longitude: match[2]! };
    }
    return { kind: 'other' };
  }
  for (const pair of PAIRS) {
    const match = pair.exec(clean);
    if (match) return { kind: 'pair', latitude: match[1]!, longitude: match[2]! };
  }
  // Only digits, signs and separators, with commas that could be decimal marks or separators: ask.
  if (/^[+-]?[\d.,;\s+-]+$/.test(clean) && /\d/.test(clean) && (clean.match(/,/g)?.length ?? 0) >= 2) return { kind: 'ambiguous' };
  return { kind: 'other' };
}

function check(text: string, limit: number): CoordinateCheck {
  const read = readCoordinateText(text);
  if (read.kind === 'number') return read.value >= -limit && read.value <= limit ? { ok: true, value: read.value } : { ok: false, reason: 'range' };
  return { ok: false, reason: read.kind === 'ambiguous' || read.kind === 'pair' ? 'ambiguous' : 'number' };
}

export function checkLatitude(text: string): CoordinateCheck {
  return check(text, 90);
}

export function checkLongitude(text: string): CoordinateCheck {
  return check(text, 180);
}

/**
 * "lat, lng" pasted or typed as one string, split into its two parts (as text, so the fields keep what was typed),
 * or null when the text is not unambiguously a pair. A single number, decimal comma or not, is not a pair.
 */
export function splitLatLng(text: string): { latitude: string; longitude: string } | null {
  const read = readCoordinateText(text);
  return read.kind === 'pair' ? { latitude: read.latitude, longitude: read.longitude } : null;
}
