import { describe, expect, it } from 'vitest';
import { startSimulator } from '../../../main/simulator';
import type { FaultRule } from '../../../main/simulator/fault-rules';
import type { PlatformClient } from '../../../main/platform/client';
import { clientFor, failure, firstAgentId, privateStream, useSimulatorClient, type Sim } from './sim-fixture';

/**
 * The fault matrix: every operation against every way a server (or what stands in front of it) can fail. Each
 * fault must give its own sentence for that operation, and the same client must work again at once after it.
 */
const fixture = useSimulatorClient();

interface Operation {
  name: string;
  /** Path prefix and method the fault rules match. */
  method: string;
  path: string;
  /** The genuine answer has no body (204), so there is nothing for a slow-body fault to slow (tested on its own below). */
  noBody?: boolean;
  run(client: PlatformClient, sim: Sim): Promise<unknown>;
}

const operations: Operation[] = [
  { name: '1 stream token', method: 'POST', path: '/api/', run: (c, sim) => c.createStreamToken({ stream: privateStream(sim), live: true }) },
  { name: '2 API token', method: 'POST', path: '/api/auth/token/api/', run: (c) => c.obtainApiToken({ client: 'fault-matrix', duration: 60 }) },
  { name: '3 user-bound token', method: 'POST', path: '/api/auth/token/access/', run: (c, sim) => c.createUserBoundToken({ uid: privateStream(sim), user: 'op-1', duration: 60 }) },
  {
    name: '4 create camera',
    method: 'POST',
    path: '/api/v2/billing/cameras',
    run: (c, sim) => {
      const folder = sim.state.folders[0]!;
      return c.createCamera({ name: 'Matrix', mac: '00:1A:2B:3C:4D:5F', group_id: folder.group_id, folder_id: folder.id });
    },
  },
  { name: '5 camera agent', method: 'GET', path: '/api/v1/camera-agents/', run: (c, sim) => c.getCameraAgent(firstAgentId(sim)) },
  { name: '6 dashboard', method: 'GET', path: '/api/admin/v1/dashboard', run: (c) => c.getDashboard() },
  {
    name: '7 analytics update',
    method: 'PUT',
    path: '/api/streams/',
    noBody: true,
    run: (c, sim) => {
      const task = sim.state.tasks.values().next().value!;
      return c.updateAnalyticsTask(task.uid, { CaseType: task.CaseType, CameraGroupUid: task.CameraGroupUid, Source: task.Source });
    },
  },
];

/** The faults, with the kind each must become. Slow ones use the client's 300 ms timeouts. */
const faults: { name: string; rule: Omit<FaultRule, 'path' | 'method'>; kind: string }[] = [
  { name: '401', rule: { status: 401 }, kind: 'Unauthorized' },
  { name: '403', rule: { status: 403 }, kind: 'Forbidden' },
  { name: '404', rule: { status: 404 }, kind: 'NotFound' },
  { name: '409', rule: { status: 409 }, kind: 'Conflict' },
  { name: '422', rule: { status: 422 }, kind: 'Validation' },
  { name: '429', rule: { status: 429 }, kind: 'RateLimited' },
  { name: '500', rule: { status: 500 }, kind: 'ServerError' },
  { name: '502', rule: { status: 502 }, kind: 'Unavailable' },
  { name: '503', rule: { status: 503 }, kind: 'Unavailable' },
  { name: 'HTML page', rule: { html: true }, kind: 'HtmlResponse' },
  { name: 'non-JSON', rule: { nonJson: true }, kind: 'BadResponse' },
  { name: 'truncated', rule: { truncate: true, body: JSON.stringify({ padding: 'x'.repeat(200) }) }, kind: 'BadResponse' },
  { name: 'reset', rule: { drop: true }, kind: 'Offline' },
  { name: 'slow headers', rule: { latencyMs: 5_000 }, kind: 'Timeout' },
  { name: 'slow body', rule: { slowBodyMs: 20_000 }, kind: 'Timeout' },
];

// The operations side by side, each against a simulator of its own (a rule on `/api/` would match the others' calls):
// the two slow faults of each wait out the client's deadline (about a second each), which one after the other was
// 13 of the file's 14 s.
describe.concurrent('fault matrix: every operation, every fault', () => {
  for (const op of operations) {
    it(`${op.name}: each fault has its own sentence, and the next call works`, async () => {
      const sim = await startSimulator({ seed: 42, hooks: true });
      const client = clientFor(sim, { timeoutMs: 300, retry: { maxRetries: 0, baseDelayMs: 5 } });
      try {
        const sentences = new Map<string, string>();
        for (const fault of faults) {
          if (op.noBody && fault.rule.slowBodyMs !== undefined) continue;
          sim.faults.add({ method: op.method, path: op.path, ...fault.rule });
          const error = await failure(op.run(client, sim)).catch((e: unknown) => {
            throw new Error(`${op.name}, ${fault.name}: ${String(e)}`);
          });
          sim.faults.clear();
          expect({ fault: fault.name, kind: error.kind }).toEqual({ fault: fault.name, kind: fault.kind });
          // A sentence for a person: no status code alone, no stack, no file path.
          expect(error.message).toMatch(/^[A-Z].{20,}\.$/s);
          expect(error.message).not.toMatch(/\n\s+at |\/work\/|node_modules/);
          sentences.set(fault.name, error.message);
          // The console stays usable: the same client succeeds right after the fault is gone.
          await expect(op.run(client, sim)).resolves.not.toThrow();
        }
        const byMessage = new Map<string, string[]>();
        for (const [fault, message] of sentences) byMessage.set(message, [...(byMessage.get(message) ?? []), fault]);
        const shared = [...byMessage.values()].filter((names) => names.length > 1);
        expect(shared).toEqual([]);
      } finally {
        await client.close();
        await sim.close();
      }
    }, 60_000);
  }
});

describe('documented error bodies through the fault rules', () => {
  it('a JSON-RPC error object in a 400 (RPC-24.12) becomes RpcError quoting the server', async () => {
    fixture.sim.faults.add({
      path: '/api/',
      status: 400,
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: "Invalid params: 'ttl'" } }),
    });
    const error = await failure(fixture.client.createStreamToken({ stream: privateStream(fixture.sim) }));
    expect(error).toMatchObject({ kind: 'RpcError', data: { rpcCode: -32602 } });
    expect(error.message).toContain("Invalid params: 'ttl'");
  });

  it('a 403 from the API token endpoint (TOKEN-24.03, "Authorization error") says where tokens come from', async () => {
    fixture.sim.faults.add({ path: '/api/auth/token/api/', status: 403 });
    const error = await failure(fixture.client.obtainApiToken({ client: 'x', duration: 60 }));
    expect(error.kind).toBe('Forbidden');
    expect(error.message).toContain('only to a console running on the media server itself');
  });

  it('a 422 validation body (CAM-23.12, "Validation") puts each reason next to its field', async () => {
    fixture.sim.faults.add({
      path: '/api/v2/billing/cameras',
      status: 422,
      body: JSON.stringify({ message: 'The given data was invalid.', errors: { mac: ['The mac format is invalid.'] } }),
    });
    const folder = fixture.sim.state.folders[0]!;
    const error = await failure(fixture.client.createCamera({ name: 'x', mac: '00:1A:2B:3C:4D:5F', group_id: folder.group_id, folder_id: folder.id }));
    expect(error).toMatchObject({ kind: 'Validation', fieldErrors: { mac: ['The mac format is invalid.'] } });
  });
});

describe('slow body on the analytics update', () => {
  it('times out on the body of the 200 answer 23.09 documents', async () => {
    const sim = await startSimulator({ seed: 42, answers: { taskUpdate: 'stream-uid' } });
    const client = clientFor(sim, { timeoutMs: 300, retry: { maxRetries: 0 } });
    try {
      sim.faults.add({ method: 'PUT', path: '/api/streams/', slowBodyMs: 20_000 });
      const error = await failure(operations[6]!.run(client, sim));
      expect(error).toMatchObject({ kind: 'Timeout', data: { phase: 'body' } });
      sim.faults.clear();
      await expect(operations[6]!.run(client, sim)).resolves.toBeUndefined();
    } finally {
      await client.close();
      await sim.close();
    }
  });
});
