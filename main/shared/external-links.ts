/** Hosts the console may open in the system browser (documentation and support). Everything else is refused. */
export const externalLinkAllowlist = new Set(['github.com', 'docs.watchdesk.app', 'watchdesk.app']);

/** True only for https URLs whose host is on the allowlist; anything unparsable is refused. */
export function isAllowedExternalUrl(raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && url.username === '' && url.password === '' && externalLinkAllowlist.has(url.hostname);
}
