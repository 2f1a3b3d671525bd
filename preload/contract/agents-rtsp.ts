/**
 * Credentials in RTSP addresses. Camera URLs often carry `user:password@` and sometimes a token in the query; the
 * screen shows them masked until the operator reveals them, and the disk cache never keeps them.
 */

export const MASK = '•••';

/** Query parameters whose values are secrets (compared case-insensitively). */
const secretParams = new Set([
  'token',
  'access_token',
  'auth',
  'authorization',
  'password',
  'pass',
  'passwd',
  'pwd',
  'key',
  'api_key',
  'apikey',
  'secret',
  'sig',
  'signature',
  'session',
  'sessionid',
]);

// scheme://userinfo@ — userinfo is everything up to the last @ before the path starts.
const userInfoPattern = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)@/i;

export interface MaskedUrl {
  /** The URL with credentials replaced by the mask; everything else exactly as given. */
  masked: string;
  /** True when anything was masked (the screen offers "Reveal" only then). */
  hasCredentials: boolean;
}

/** Masks `user:password@` (both parts) and the values of secret query parameters; anything else is kept exactly. */
export function maskRtspUrl(url: string): MaskedUrl {
  let hasCredentials = false;
  let out = url.replace(userInfoPattern, (_match, scheme: string, userInfo: string) => {
    if (userInfo === '') return `${scheme}@`;
    hasCredentials = true;
    return userInfo.includes(':') ? `${scheme}${MASK}:${MASK}@` : `${scheme}${MASK}@`;
  });
  const queryStart = out.indexOf('?');
  if (queryStart >= 0) {
    const hashStart = out.indexOf('#', queryStart);
    const end = hashStart >= 0 ? hashStart : out.length;
    const query = out
      .slice(queryStart + 1, end)
      .split('&')
      .map((pair) => {
        const eq = pair.indexOf('=');
        if (eq < 0) return pair;
        const name = safeDecode(pair.slice(0, eq)).toLowerCase();
        if (!secretParams.has(name) || pair.length === eq + 1) return pair;
        hasCredentials = true;
        return `${pair.slice(0, eq)}=${MASK}`;
      })
      .join('&');
    out = `${out.slice(0, queryStart + 1)}${query}${out.slice(end)}`;
  }
  return { masked: out, hasCredentials };
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const urlLike = /^[a-z][a-z0-9+.-]*:\/\//i;
/** One JSON string literal, escapes included. */
const jsonStringLiteral = /"(?:[^"\\]|\\.)*"/g;

/**
 * The server's JSON text with the credentials of every address in it masked, everything else byte for byte as sent
 * (only string literals holding a masked address are rewritten), so the raw answer can be shown before the operator
 * chooses to reveal it.
 */
export function maskCredentialsInJsonText(text: string): MaskedUrl {
  let hasCredentials = false;
  const masked = text.replace(jsonStringLiteral, (literal) => {
    let value: unknown;
    try {
      value = JSON.parse(literal);
    } catch {
      return literal;
    }
    if (typeof value !== 'string' || !urlLike.test(value)) return literal;
    const result = maskRtspUrl(value);
    if (!result.hasCredentials) return literal;
    hasCredentials = true;
    return JSON.stringify(result.masked);
  });
  return { masked, hasCredentials };
}

/** A parsed value with the credentials of every address string in it masked (for exports made before revealing). */
export function maskCredentialsDeep<T>(value: T): T {
  if (typeof value === 'string') return (urlLike.test(value) ? maskRtspUrl(value).masked : value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => maskCredentialsDeep(item)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, maskCredentialsDeep(item)])) as T;
  }
  return value;
}
