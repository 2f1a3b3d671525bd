import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lookupFailure } from '../../../main/agents/agent-errors';
import { badShape, type CallContext } from '../../../main/platform/errors';
import { AppFailure } from '../../../main/shared/app-failure';
import type { Said } from '../../../preload/contract/said';

const ctx: CallContext = { method: 'GET', path: '/api/v1/agents/7', host: 'vms.example:443' };
const huge = 'A'.repeat(2_000_000);

/** The longest string anywhere in a kept sentence's values, nested ones included. */
function longestValue(said: Said | undefined): number {
  let longest = 0;
  for (const value of Object.values(said?.values ?? {})) {
    if (typeof value === 'string') longest = Math.max(longest, value.length);
    else if (value !== null && typeof value === 'object') longest = Math.max(longest, longestValue(value));
  }
  return longest;
}

/** Server text quoted in a sentence (a 422's reason, a key of a malformed answer) is bounded, however long it came. */
describe('server text inside a sentence', () => {
  it("a look-up's 422 reason of megabytes is quoted in a sentence of reasonable length", () => {
    const refused = new AppFailure('Validation', 'The server refused the values.', { fieldErrors: { agent_id: [huge] } });
    const failure = lookupFailure(refused, '7') as AppFailure;
    expect(failure.appError.said?.key).toBe('agents.errors.invalidId');
    expect(longestValue(failure.appError.said)).toBeLessThan(2_000);
    expect(failure.appError.message.length).toBeLessThan(3_000);
    expect(failure.appError.fieldErrors.id![0]!.length).toBeLessThan(3_000);
  });

  it('an answer whose malformed key is megabytes long', () => {
    const error = z.record(z.string(), z.number()).safeParse({ [huge]: 'not a number' }).error!;
    const failure = badShape(ctx, 200, error);
    expect(longestValue(failure.appError.said)).toBeLessThan(2_000);
    expect(failure.appError.message.length).toBeLessThan(3_000);
    expect(failure.appError.details!.length).toBeLessThan(5_000);
  });
});
