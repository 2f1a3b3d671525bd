/**
 * Latitude and longitude as installers paste them from a map: `56.9496, 24.1052`, `56,9496 24,1052` (decimal
 * commas), `56.9496;24.1052`, with or without a degree sign. Ranges: latitude -90..90, longitude -180..180.
 */

export type CoordinateCheck = { ok: true; value: number } | { ok: false; reason: 'number' | 'range' };

const NUMBER = /^[+-]?(\d+([.,]\d+)?|[.,]\d+)$/;

function parseNumber(text: string): number | null {
  const trimmed = text.trim();
  const clean = trimmed.endsWith('°') ? trimmed.slice(0, -1) : trimmed;
  if (!NUMBER.test(clean)) return null;
  const value = Number(clean.includes(',') ? clean.replace(',', '.') : clean);
  return Number.isFinite(value) ? value : null;
}

export function checkLatitude(text: string): CoordinateCheck {
  const value = parseNumber(text);
  if (value === null) return { ok: false, reason: 'number' };
  return value >= -90 && value <= 90 ? { ok: true, value } : { ok: false, reason: 'range' };
}

export function checkLongitude(text: string): CoordinateCheck {
  const value = parseNumber(text);
  if (value === null) return { ok: false, reason: 'number' };
  return value >= -180 && value <= 180 ? { ok: true, value } : { ok: false, reason: 'range' };
}

/**
 * "lat, lng" pasted as one string, split into its two parts (as text, so the fields keep what was typed), or null
 * when the text is not a pair. A single number is not a pair.
 */
export function splitLatLng(text: string): { latitude: string; longitude: string } | null {
  const clean = text.trim().replace(/°/g, '');
  // "56.9, 24.1" / "56.9;24.1" / "56.9 24.1"; with decimal commas the separator must be ';' or whitespace.
  const match =
    /^([+-]?\d+(?:\.\d+)?)\s*[,;\s]\s*([+-]?\d+(?:\.\d+)?)$/.exec(clean) ??
    /^([+-]?\d+(?:,\d+)?)\s*(?:;|\s)\s*([+-]?\d+(?:,\d+)?)$/.exec(clean);
  if (!match) return null;
  return { latitude: match[1]!, longitude: match[2]! };
}
