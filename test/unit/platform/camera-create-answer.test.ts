import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldPathsOf, withValue } from './field-paths';
import { cameraCreateAnswerSchema } from '../../../main/platform/camera-create-answer';
import { cameraCreateResponseSchema } from '../../../preload/contract/wire/platform';
import { cameraCreateResponse } from './samples';
import { expectSameVerdict } from './same-verdict';

// The compiled check of the 201 answer must accept and refuse exactly what the general parser does, with the same issues.

const answer = cameraCreateResponse;

const paths = fieldPathsOf(answer);

const sameVerdict = (input: unknown): void => expectSameVerdict(cameraCreateResponseSchema, cameraCreateAnswerSchema(), input);

describe('the compiled camera create answer check', () => {
  it('is compiled (not the general parser handed back)', () => {
    expect(cameraCreateAnswerSchema()).not.toBe(cameraCreateResponseSchema);
  });

  it('accepts the answer with the fields the spec shows, keeping unknown ones', () => {
    sameVerdict(answer);
    sameVerdict({ ...answer, created_at: '2026-01-01', network_device: { ...answer.network_device, model: 'X' } });
  });

  it('refuses a changed or missing field exactly as the general parser does', () => {
    const replacements = [undefined, null, '', 'text', 0, -3, 1.5, 2 ** 60, true, {}, [], { id: 1 }];
    fc.assert(
      fc.property(fc.constantFrom(...paths), fc.constantFrom(...replacements), (path, replacement) => sameVerdict(withValue(answer, path, replacement))),
      { numRuns: 300 },
    );
  });

  it('refuses what is not an answer at all', () => {
    for (const input of [null, 'camera', 17, [], [answer], {}]) sameVerdict(input);
  });
});
