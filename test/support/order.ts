/**
 * Whether `work` settles (answers or fails) before `ms` have passed. For a call that must end while a server still
 * holds its request: racing it against the fault's own latency asks "which came first", where a measured duration
 * needed a guessed bound that a loaded machine could overrun.
 */
export async function settlesBefore(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true, () => true), late]);
  } finally {
    clearTimeout(timer);
  }
}
