import { describe, expect, it } from 'vitest';
import { generateSeedData, startSimulator } from '../../../main/simulator/index';
import { rpc, streamWith } from './http';

const ANCHOR = Date.UTC(2025, 5, 15);

describe('seeded data', () => {
  it('is identical for the same seed', () => {
    expect(JSON.stringify(generateSeedData(42, ANCHOR))).toBe(JSON.stringify(generateSeedData(42, ANCHOR)));
  });

  it('differs for another seed', () => {
    expect(JSON.stringify(generateSeedData(43, ANCHOR).agents)).not.toBe(JSON.stringify(generateSeedData(42, ANCHOR).agents));
  });

  it('has the variety the screens need', () => {
    const data = generateSeedData(42, ANCHOR);
    expect(data.agents.length).toBeGreaterThanOrEqual(50);
    expect(data.mediaServers.length).toBeGreaterThanOrEqual(20);
    expect(data.streams.filter((s) => s.authorization === 'private').length).toBeGreaterThanOrEqual(1200);
    expect(new Set(data.streams.map((s) => s.authorization))).toEqual(new Set(['private', 'public', 'protected']));
    expect(new Set(data.tasks.map((t) => t.CaseType)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(data.agents.map((a) => a.storages.length))).toEqual(new Set([0, 1, 2, 3, 4]));
    expect(data.folders.every((f) => data.tree.some((el) => el.id === f.group_id))).toBe(true);
    expect(data.streams.every((s) => /^cam-\d{4}-(hd|sd)$/.test(s.uid) && s.url.startsWith('rtsp://'))).toBe(true);
  });

  it('keeps at least 1,200 private streams for any seed', () => {
    for (const seed of [1, 7, 1234, 99_999]) {
      expect(generateSeedData(seed, ANCHOR).streams.filter((s) => s.authorization === 'private').length).toBeGreaterThanOrEqual(1200);
    }
  });
});

describe('same seed, same simulator', () => {
  it('hands out the same API tokens and stream tokens in the same order', async () => {
    const [a, b] = await Promise.all([startSimulator({ seed: 7 }), startSimulator({ seed: 7 })]);
    try {
      expect(a.apiToken).toBe(b.apiToken);
      expect(a.limitedToken).toBe(b.limitedToken);
      const ta = await rpc(a, { stream: streamWith(a, 'private') });
      const tb = await rpc(b, { stream: streamWith(b, 'private') });
      expect(ta.json()).toBe(tb.json());
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('hands out different tokens for a different seed', async () => {
    const [a, b] = await Promise.all([startSimulator({ seed: 7 }), startSimulator({ seed: 8 })]);
    try {
      expect(a.apiToken).not.toBe(b.apiToken);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('returns to the seeded state on reset, keeping the ready tokens valid', async () => {
    const sim = await startSimulator({ seed: 7 });
    try {
      const token = sim.apiToken;
      await rpc(sim, { stream: streamWith(sim, 'private') });
      expect(sim.state.issuedStreamTokens).toHaveLength(1);
      sim.reset();
      expect(sim.state.issuedStreamTokens).toHaveLength(0);
      expect(sim.apiToken).toBe(token);
      expect((await rpc(sim, { stream: streamWith(sim, 'private') })).status).toBe(200);
    } finally {
      await sim.close();
    }
  });
});
