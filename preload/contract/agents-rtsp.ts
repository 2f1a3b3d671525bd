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
