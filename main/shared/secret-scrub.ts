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
/**
 * All registered secrets as one pattern: a single pass of the regular expression engine over a string tests it for
 * every secret at once, several times faster than one `includes` per secret (a batch's answers and pushes carry a
 * token of a hundred characters or more on each of their thousands of rows).
 */
let anySecret: RegExp | null = null;
/** The value of a `token` query parameter, as the platform's query token style sends it. */
const QUERY_TOKEN = /([?&](?:access_)?token=)[^&#\s"'<>]+/gi;

/** Marks a value as secret: from now on it is masked wherever main scrubs. */
export function registerSecret(secret: string): void {
  if (!secret || secret.length < MIN_SECRET_LENGTH || secrets.has(secret)) return;
  secrets.add(secret);
  shortest = Math.min(shortest, secret.length);
  anySecret = new RegExp([...secrets].map(literal).join('|'));
}

/** A pattern that matches `text` itself and nothing else. */
function literal(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

function hasSecret(text: string): boolean {
  return text.length >= shortest && anySecret !== null && anySecret.test(text);
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

/** The shortest text the `?token=` pattern can match (`?token=` and one character). */
const SHORTEST_QUERY_TOKEN = 8;

/** A string with every registered secret masked, and nothing else changed (a `?token=` value stays). */
function maskText(text: string): string {
  return hasSecret(text) ? maskSecrets(text) : text;
}

/**
 * A copy of a JSON-like value with every string scrubbed; the value itself when nothing needed masking (answers of
 * thousands of rows cost a scan, not a copy). With `queryTokens: false` only registered secrets are masked: a value
 * may legitimately hold a playback URL with a stream token in `?token=` (showing stream tokens is the desk's purpose).
 */
export function scrubValue<T>(value: T, options: { queryTokens?: boolean } = {}): T {
  const queryTokens = options.queryTokens ?? true;
  if (!queryTokens && secrets.size === 0) return value;
  // Strings shorter than anything there is to mask are passed over where they are met, without a call: most of an
  // answer's keys and values are (a batch's rows are nine short keys and a few short values each).
  const shortestMasked = queryTokens ? Math.min(shortest, SHORTEST_QUERY_TOKEN) : shortest;
  return walk(value, queryTokens ? scrubText : maskText, shortestMasked) as T;
}

/**
 * Nesting walked by plain recursion (fast, and as deep as any real value goes); a value nested deeper than this, such
 * as a hostile server's answer, is walked by the loop below instead, so no depth can overflow the stack.
 */
const RECURSION_LIMIT = 64;

type Container = unknown[] | Record<string, unknown>;

function isContainer(value: unknown): value is Container {
  return value !== null && typeof value === 'object';
}

function walk(value: unknown, text: (s: string) => string, shortestMasked: number, depth = 0): unknown {
  if (typeof value === 'string') return value.length < shortestMasked ? value : text(value);
  if (!isContainer(value)) return value;
  if (depth >= RECURSION_LIMIT) return walkWithoutRecursion(value, text);
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const next = typeof item === 'string' && item.length < shortestMasked ? item : walk(item, text, shortestMasked, depth + 1);
      if (next !== item) (copy ??= value.slice())[i] = next;
    }
    return copy ?? value;
  }
  let copy: Record<string, unknown> | null = null;
  // `for...in`, not entries or keys: an answer of 10,000 rows would otherwise allocate a pair per field, or a list of
  // keys per row, just to read it (V8 walks a plain object's cached keys). Inherited keys are skipped, as keys() does.
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const item = value[key];
    const cleanKey = key.length < shortestMasked ? key : text(key);
    // Members that cannot hold a secret (short strings, numbers, null) are settled here, without a call.
    const next =
      item === null || typeof item === 'number' || typeof item === 'boolean' || (typeof item === 'string' && item.length < shortestMasked)
        ? item
        : walk(item, text, shortestMasked, depth + 1);
    if (next !== item || cleanKey !== key) {
      copy ??= { ...value };
      if (cleanKey !== key) delete copy[key];
      copy[cleanKey] = next;
    }
  }
  return copy ?? value;
}

/** One container being walked by the loop: where it is in its members, and its copy once one of them changed. */
interface Frame {
  source: Container;
  keys: string[] | null;
  at: number;
  copy: Container | null;
  parent: Frame | null;
  /** The member of the parent this container is. */
  key: string;
}

/** The same walk as `walk`, with an explicit stack of frames instead of the call stack. */
function walkWithoutRecursion(root: Container, text: (s: string) => string): unknown {
  const frame = (source: Container, parent: Frame | null, key: string): Frame => ({
    source,
    keys: Array.isArray(source) ? null : Object.keys(source),
    at: 0,
    copy: null,
    parent,
    key,
  });
  const stack: Frame[] = [frame(root, null, '')];
  let result: unknown = root;
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    const size = top.keys ? top.keys.length : (top.source as unknown[]).length;
    if (top.at < size) {
      const key = top.keys ? top.keys[top.at]! : String(top.at);
      top.at += 1;
      const item = (top.source as Record<string, unknown>)[key];
      if (isContainer(item)) stack.push(frame(item, top, key));
      else settle(top, key, item, typeof item === 'string' ? text(item) : item, text);
      continue;
    }
    stack.pop();
    const done = top.copy ?? top.source;
    if (top.parent) settle(top.parent, top.key, top.source, done, text);
    else result = done;
  }
  return result;
}

/** Puts a member's scrubbed value (and key) into the frame's copy, copying the container on its first change. */
function settle(frame: Frame, key: string, item: unknown, next: unknown, text: (s: string) => string): void {
  if (Array.isArray(frame.source)) {
    if (next !== item) {
      const copy = (frame.copy ??= frame.source.slice()) as unknown[];
      copy[Number(key)] = next;
    }
    return;
  }
  const cleanKey = text(key);
  if (next === item && cleanKey === key) return;
  const copy = (frame.copy ??= { ...frame.source }) as Record<string, unknown>;
  if (cleanKey !== key) delete copy[key];
  copy[cleanKey] = next;
}
