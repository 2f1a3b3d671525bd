// The rules about a server's address that the page applies while the operator types, kept apart from the profile's
// zod schemas (./profile.ts re-exports them): a screen that only needs these does not load and build zod at start.

/** `https://host:port/path/` -> `https://host:port/path`; null when it is not an http(s) URL. */
export function normaliseBaseUrl(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.hostname === '') return null;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/**
 * The origin (scheme, host and port) an API token is bound to. A token saved for one origin is never sent to another:
 * changing any of the three clears it (the form says so before saving). Null when the text is not an address.
 */
export function tokenOrigin(baseUrl: string): string | null {
  const normalised = normaliseBaseUrl(baseUrl);
  return normalised === null ? null : new URL(normalised).origin;
}

/** True when saving `next` over `previous` would clear the stored token (scheme, host or port changed). */
export function addressMovesToken(previous: string, next: string): boolean {
  const before = tokenOrigin(previous);
  const after = tokenOrigin(next);
  return before !== null && after !== null && before !== after;
}
