import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../../main/simulator/index';
import { createTestPki, type TestCertificate } from '../../support/test-pki';
import { call } from './http';

let cert: TestCertificate;
let sim: RunningSimulator;
beforeAll(async () => {
  cert = createTestPki().selfSignedA;
  sim = await startSimulator({ seed: 42, tls: { key: cert.key, cert: cert.cert } });
});
afterAll(() => sim.close());

describe('https', () => {
  it('serves https with the given certificate', async () => {
    expect(sim.baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const trusting = new Agent({ connect: { ca: cert.cert } });
    try {
      const res = await call(sim, 'GET', '/api/admin/v1/dashboard', { token: sim.apiToken, dispatcher: trusting });
      expect(res.status).toBe(200);
    } finally {
      await trusting.close();
    }
  });

  it('is refused by a client that does not trust the self-signed certificate', async () => {
    await expect(call(sim, 'GET', '/api/admin/v1/dashboard', { token: sim.apiToken })).rejects.toThrow(/self[- ]signed|certificate/i);
  });
});
