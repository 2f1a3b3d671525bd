import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldPathsOf, withValue } from './field-paths';
import { streamTokenParamsCheck } from '../../../main/platform/stream-token-params';
import { streamTokenParamsSchema } from '../../../preload/contract/wire/platform';
import { expectSameVerdict } from './same-verdict';

// The compiled check of stream token params (run on every request of a batch) must give the general parser's verdict:
// the same output (defaults applied, the stream trimmed, unknown fields dropped) or the same issues, so the form's
// fields get the same messages.

const params = { stream: 'cam-1', ttl: 3600, live: true, dvr: true, copy: false, from: 1_700_000_000, to: 1_700_003_600 };

const paths = fieldPathsOf(params);

const sameVerdict = (input: unknown): void => expectSameVerdict(streamTokenParamsSchema, streamTokenParamsCheck(), input);

describe('the compiled stream token params check', () => {
  it('is compiled (not the general parser handed back)', () => {
    expect(streamTokenParamsCheck()).not.toBe(streamTokenParamsSchema);
  });

  it('accepts full and minimal params, applying the defaults and trimming the stream', () => {
    sameVerdict(params);
    sameVerdict({ stream: 'cam-1' });
    sameVerdict({ stream: '  cam-1 \n', extra: 'dropped' });
    expect(streamTokenParamsCheck().parse({ stream: ' cam-1 ' })).toEqual({ stream: 'cam-1', ttl: 3600, live: false, dvr: false, copy: false });
  });

  it('gives the same verdict on the DVR window, 0 meaning unbounded', () => {
    for (const [from, to] of [[200, 100], [100, 100], [100, 0], [0, 100], [0, 0], [undefined, 5], [5, undefined]]) {
      sameVerdict({ ...params, from, to });
    }
  });

  it('refuses a changed field exactly as the general parser does', () => {
    const replacements = [undefined, null, '', '   ', 'text', 0, -3, 1.5, 2 ** 60, Number.NaN, true, {}, []];
    fc.assert(
      fc.property(fc.constantFrom(...paths), fc.constantFrom(...replacements), (path, replacement) => sameVerdict(withValue(params, path, replacement))),
      { numRuns: 200 },
    );
  });

  it('refuses what is not params at all', () => {
    for (const input of [null, 'cam-1', 17, [], [params]]) sameVerdict(input);
  });
});
