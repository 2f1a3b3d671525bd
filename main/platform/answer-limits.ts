/**
 * How much of an answer the console will read for each operation, in one table. A server can answer with far more
 * than it should (a proxy's error page looping, a runaway list, a hostile host); the transport stops reading at the
 * limit and drops what it had, so an oversized answer costs at most this much memory and never reaches a screen or a
 * cache. Each limit is well above what an answer of that kind holds (a camera-agent device with every storage and
 * stream is a few kilobytes, a token a few hundred bytes), and small enough that a refused answer costs the host little:
 * reading up to the limit is the whole cost, since the bytes read are dropped when it is passed.
 */

const MB = 1024 * 1024;

export const answerLimits = {
  /** Operation 1: one stream token over JSON-RPC. */
  streamToken: 1 * MB,
  /** Operation 2: an API token from the local media server. */
  apiToken: 1 * MB,
  /** Operation 3: a user-bound token. */
  userBoundToken: 1 * MB,
  /** Operation 4: the camera just created. */
  cameraCreate: 1 * MB,
  /** Operation 5: one camera-agent device (storages, streams, settings). */
  cameraAgent: 8 * MB,
  /**
   * Operation 6: dashboard statistics with the media-server table, the one answer that grows with the fleet: 100,000
   * media servers are 60 MB as the simulator writes them. Reading 64 MB before refusing costs the host about 95 MB.
   */
  dashboard: 64 * MB,
  /** Operation 7: the analytics task's update (the stream's identifier, or nothing). */
  analyticsTask: 1 * MB,
  /** The connection test reads the dashboard with whatever token is stored. */
  connectionTest: 64 * MB,
} as const;

export type Operation = keyof typeof answerLimits;

/**
 * Nesting deeper than this is refused before the answer is parsed. Real answers are at most six levels deep; every
 * step that walks an answer (the shape check, the secret scrub, the copy to the page) must stay far from any stack.
 */
export const MAX_JSON_DEPTH = 512;

/** The limit in whole megabytes, as the sentence names it. */
export function limitInMb(operation: Operation): number {
  return Math.round(answerLimits[operation] / MB);
}
