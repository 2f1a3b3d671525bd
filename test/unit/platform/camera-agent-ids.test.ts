import { describe, expect, it } from 'vitest';
import { cameraAgentIdSchema } from '../../../preload/contract/wire/platform';
import { json } from './fixture-server';
import { fixtureClients } from './fixture-clients';
import * as samples from './samples';
import { failure } from '../../support/failure';

/**
 * Device ids at the edges, through the compiled check a watch cycle uses: each is sent exactly when the schema takes it
 * (as typed: "007" stays "007", 1e3 is 1000), and anything else is refused in words before a request leaves.
 */

const fixture = fixtureClients('tok-ids-0123456789', (_q, res) => json(res, 200, samples.cameraAgent), { retry: { maxRetries: 0 } });
const server = fixture.server;
const client = () => fixture.client();

describe('camera-agent ids at the edges', () => {
  const sent: Array<[string | number, string]> = [
    ['007', '007'],
    [1e3, '1000'],
    [Number.MAX_SAFE_INTEGER, String(Number.MAX_SAFE_INTEGER)],
    ['99999999999999999999', '99999999999999999999'],
    ['0', '0'],
  ];
  // What an untyped caller (a message from the page) could hand over.
  const refused: unknown[] = [1e21, 2 ** 53, -1, -0, Number.NaN, Infinity, '١٢٣', '１２', '12\n', ' 12', '+12', '1e3', '-7', '123456789012345678901', 12n, null, [12], { id: 12 }, true];

  it('sends each id the schema takes, as typed', async () => {
    for (const [id, path] of sent) {
      expect(cameraAgentIdSchema.safeParse(id).success).toBe(true);
      await client().getCameraAgent(id);
      expect(server.requests.at(-1)?.url).toBe(`/api/v1/camera-agents/${path}`);
    }
  });

  it('refuses every other one in words, sending nothing', async () => {
    for (const id of refused) {
      expect(cameraAgentIdSchema.safeParse(id).success).toBe(false);
      const error = await failure(client().getCameraAgent(id as string | number));
      expect(error.kind).toBe('Validation');
      expect(error.message.length).toBeGreaterThan(10);
    }
    expect(server.requests).toHaveLength(0);
  });
});
