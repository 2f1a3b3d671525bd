/**
 * The playback address of a token from the profile's template. Placeholders: {base} = the profile's base URL,
 * {host} = its host name (without the port: players usually listen on their own port, which the template names),
 * {stream} and {token} URL-encoded so that any uid or token is safe inside a path or a query.
 */
export function buildPlaybackUrl(template: string | undefined, baseUrl: string, stream: string, token: string | null): string | null {
  if (!template || token === null) return null;
  let host: string;
  try {
    host = new URL(baseUrl).hostname;
  } catch {
    return null;
  }
  const values: Record<string, string> = {
    base: baseUrl,
    host,
    stream: encodeURIComponent(stream),
    token: encodeURIComponent(token),
  };
  // One pass, so a value that itself contains "{token}" is never expanded again.
  return template.replace(/\{(base|host|stream|token)\}/g, (_match, name: string) => values[name] ?? '');
}
