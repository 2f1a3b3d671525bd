import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cameraAgentAnswerSchema, cameraAgentIdArgumentSchema } from '../../../main/platform/camera-agent-answer';
import { generateSeedData } from '../../../main/simulator';
import { cameraAgentIdSchema, cameraAgentSchema } from '../../../preload/contract/wire/platform';
import { cameraAgent as documented } from '../platform/samples';
import { expectSameVerdict } from '../platform/same-verdict';

// The compiled check must accept and refuse exactly what the general parser does, with the same issues.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every path in a JSON value (object keys and array indexes). */
function pathsOf(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [];
  const entries: [string | number, Json][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  return entries.flatMap(([key, child]) => [[...prefix, key], ...pathsOf(child, [...prefix, key])]);
}

/** A copy with the value at `path` replaced, or removed when `replacement` is undefined. */
function withValue(value: Json, path: (string | number)[], replacement: Json | undefined): Json {
  const copy = structuredClone(value) as Record<string | number, Json>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, Json>;
  const last = path[path.length - 1]!;
  if (replacement === undefined) delete parent[last];
  else parent[last] = replacement;
  return copy as Json;
}

const replacements: (Json | undefined)[] = [undefined, null, '', 'text', 0, -3, 1.5, 2 ** 60, true, false, {}, [], [1], { id: 1 }];

const sameVerdict = (input: unknown): void => expectSameVerdict(cameraAgentSchema, cameraAgentAnswerSchema(), input);

describe('the compiled camera-agent check', () => {
  const seeded = [...generateSeedData(42, Date.UTC(2026, 0, 1)).agents.values()];

  it('is compiled (not the general parser handed back)', () => {
    expect(cameraAgentAnswerSchema()).not.toBe(cameraAgentSchema);
    expect(cameraAgentIdArgumentSchema()).not.toBe(cameraAgentIdSchema);
    // Compiled once, on first use: the next use gets the same compiled schema.
    expect(cameraAgentAnswerSchema()).toBe(cameraAgentAnswerSchema());
  });

  it('accepts the documented device and every seeded shape, keeping unknown fields', () => {
    for (const device of [documented, ...seeded, { ...documented, camera: { ...documented.camera, firmware: '1.2' } }]) sameVerdict(device);
  });

  it('refuses a changed or missing field anywhere exactly as the general parser does', () => {
    const base = structuredClone(seeded.find((d) => d.storages.length > 1 && d.camera.streams.length > 1) ?? documented) as unknown as Json;
    const paths = pathsOf(base);
    fc.assert(
      fc.property(fc.constantFrom(...paths), fc.constantFrom(...replacements), (path, replacement) => {
        sameVerdict(withValue(base, path, replacement));
      }),
      { numRuns: 600 },
    );
  });

  it('refuses what is not a device at all', () => {
    for (const input of [null, 'device', 17, [], [documented], {}]) sameVerdict(input);
  });

  it('reads device numbers as the general schema does', () => {
    for (const id of [1, 17, 0, -1, 1.5, 2 ** 60, '17', '007', '', '1e3', ' 1', '123456789012345678901', null]) {
      const general = cameraAgentIdSchema.safeParse(id);
      const compiled = cameraAgentIdArgumentSchema().safeParse(id);
      expect(compiled.success).toBe(general.success);
      expect(compiled.success ? compiled.data : compiled.error.issues).toEqual(general.success ? general.data : general.error.issues);
    }
  });
});
