/**
 * The one list of secrets main holds (API tokens, the vault's data key) and the scrubbing every string goes through
 * before it leaves main: a log line, an answer to the renderer, an event. A server that echoes the caller's token in
 * an error body, or a library that puts a URL with `?token=` into its error text, is caught here, at the boundary,
 * rather than at each place that might build such a string.
 */
const secrets = new Set<string>();
/** The length of the shortest registered secret: a shorter string cannot hold one (most keys and values are shorter). */
let shortest = Number.POSITIVE_INFINITY;

/** Secrets shorter than this are not masked: "abc" would mangle ordinary words. Real tokens are far longer. */
const MIN_SECRET_LENGTH = 4;
const MASK = '[redacted]';
/** The value of a `token` query parameter, as the platform's query token style sends it. */
const QUERY_TOKEN = /([?&](?:access_)?token=)[^&#\s"'<>]+/gi;

/** Marks a value as secret: from now on it is masked wherever main scrubs. */
export function registerSecret(secret: string): void {
  if (!secret || secret.length < MIN_SECRET_LENGTH || secrets.has(secret)) return;
  secrets.add(secret);
  shortest = Math.min(shortest, secret.length);
}

function hasSecret(text: string): boolean {
  if (text.length < shortest) return false;
  for (const secret of secrets) if (text.includes(secret)) return true;
  return false;
}

function maskSecrets(text: string): string {
  let out = text;
  for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(MASK);
  return out;
}

/** A string with every registered secret and every `?token=` value masked (for sentences, details, log lines). */
export function scrubText(text: string): string {
  const masked = secrets.size > 0 && hasSecret(text) ? maskSecrets(text) : text;
  return masked.replace(QUERY_TOKEN, `$1${MASK}`);
}

/**
 * A copy of a JSON-like value with every string scrubbed; the value itself when nothing needed masking (answers of
 * thousands of rows cost a scan, not a copy). With `queryTokens: false` only registered secrets are masked: a value
 * may legitimately hold a playback URL with a stream token in `?token=` (showing stream tokens is the desk's purpose).
 */
export function scrubValue<T>(value: T, options: { queryTokens?: boolean } = {}): T {
  const queryTokens = options.queryTokens ?? true;
  if (!queryTokens && secrets.size === 0) return value;
  const text = (s: string): string => {
    if (queryTokens) return scrubText(s);
    return hasSecret(s) ? maskSecrets(s) : s;
  };
  return walk(value, text) as T;
}

function walk(value: unknown, text: (s: string) => string): unknown {
  if (typeof value === 'string') return text(value);
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const next = walk(value[i], text);
      if (next !== value[i]) (copy ??= value.slice())[i] = next;
    }
    return copy ?? value;
  }
  if (value !== null && typeof value === 'object') {
    let copy: Record<string, unknown> | null = null;
    // `for...in`, not entries or keys: an answer of 10,000 rows would otherwise allocate a pair per field, or a list of
    // keys per row, just to read it (V8 walks a plain object's cached keys). Inherited keys are skipped, as keys() does.
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      const item = (value as Record<string, unknown>)[key];
      const cleanKey = text(key);
      const next = walk(item, text);
      if (next !== item || cleanKey !== key) {
        copy ??= { ...(value as Record<string, unknown>) };
        if (cleanKey !== key) delete copy[key];
        copy[cleanKey] = next;
      }
    }
    return copy ?? value;
  }
  return value;
}
