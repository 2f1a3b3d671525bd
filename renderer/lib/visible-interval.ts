/** What `everyWhileVisible` needs of the page: `document` in the console, an EventTarget in tests. */
export interface VisibilitySource {
  readonly visibilityState: DocumentVisibilityState;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

/**
 * Runs `tick` every `ms` while the page is visible. A hidden window (minimised, another tab) asks the server nothing;
 * when it shows again, `tick` runs at once if a tick fell due meanwhile, so the operator never looks at old data.
 * Returns the stop function (for an `$effect`'s cleanup).
 */
export function everyWhileVisible(tick: () => void, ms: number, page: VisibilitySource = document, now: () => number = Date.now): () => void {
  let timer: ReturnType<typeof setInterval> | null = null;
  let lastTick = now();
  const run = () => {
    lastTick = now();
    tick();
  };
  const start = () => {
    if (timer === null) timer = setInterval(run, ms);
  };
  const stop = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };
  const onVisibility = () => {
    if (page.visibilityState === 'hidden') return stop();
    if (now() - lastTick >= ms) run();
    start();
  };
  page.addEventListener('visibilitychange', onVisibility);
  if (page.visibilityState !== 'hidden') start();
  return () => {
    stop();
    page.removeEventListener('visibilitychange', onVisibility);
  };
}
