/**
 * A repeatable sequence of delays in [from, to) ms (a linear congruential generator), so a run of a kill test that
 * fails can be repeated with the same kill moments: the seed is printed in the test's name.
 */
export function seededDelays(seed: number, from: number, to: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return from + (state % (to - from));
  };
}
