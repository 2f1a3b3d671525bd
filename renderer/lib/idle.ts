/**
 * Runs `run` in the page's next idle time, or after `timeoutMs` at the latest (a page that is never idle still gets
 * it); where the browser has no idle callbacks, on a timer. Returns the cancel (an onMount cleanup).
 */
export function whenIdle(run: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(run, Math.min(timeoutMs, 200));
  return () => clearTimeout(timer);
}
