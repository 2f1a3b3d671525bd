// The simulator's throughput on loopback: Auth.CreateApiToken (the token desk's batch path) and the dashboard
// (the NOC screen's poll), driven by undici over a keep-alive pool with ~32 requests in flight.
// - sim-token-rps: 40,000 token requests over their wall time, after a warm-up of 2,000 (JIT, routes). Each run has
//   a pool of its own, so the measured one opens its 32 sockets inside the clock.
// - sim-token-p50-ms / sim-token-p99-ms: percentiles of the per-request latencies of that one measured run (a single
//   run: the p99 is that run's, no median over runs softens it).
// - sim-dashboard-rps / sim-dashboard-p99-ms: the same for 10,000 dashboard reads (after 1,000), the four periods in turn.
// The simulator and the load share this process and its event loop: the figures include the client's own work and
// leave out any network but loopback. Judge them with the machine's load beside them.
import { Pool } from 'undici';
import { startSimulator, type RunningSimulator } from '../main/simulator/index';
import { streamsWith } from '../test/support/streams';
import { isMain, percentile, report } from './report';

const CONCURRENCY = 32;

interface LoadResult {
  rps: number;
  latenciesMs: number[];
}

async function load(sim: RunningSimulator, total: number, send: (pool: Pool, i: number) => Promise<number>): Promise<LoadResult> {
  const pool = new Pool(sim.baseUrl, { connections: CONCURRENCY, pipelining: 1 });
  const latenciesMs: number[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < total) {
      const i = next++;
      const started = performance.now();
      const status = await send(pool, i);
      latenciesMs.push(performance.now() - started);
      if (status !== 200) throw new Error(`unexpected status ${status} on request ${i}`);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  return { rps: total / seconds, latenciesMs };
}

export async function run(): Promise<void> {
  const sim = await startSimulator({ seed: 42 });
  try {
    const privateStreams = streamsWith(sim.state, 'private');
    const headers = { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${sim.apiToken}` };
    const token = (pool: Pool, i: number): Promise<number> =>
      pool
        .request({
          path: '/api/',
          method: 'POST',
          headers,
          body: JSON.stringify({
            jsonrpc: '2.0',
            method: 'Auth.CreateApiToken',
            params: { stream: privateStreams[i % privateStreams.length], ttl: 3600, live: true },
            id: i,
          }),
        })
        .then(async (res) => {
          await res.body.text();
          return res.statusCode;
        });
    const dashboard = (pool: Pool, i: number): Promise<number> =>
      pool
        .request({
          path: `/api/admin/v1/dashboard?timezone=Europe/Berlin&date=${['today', 'week', 'month', 'year'][i % 4]}`,
          method: 'GET',
          headers,
        })
        .then(async (res) => {
          await res.body.text();
          return res.statusCode;
        });

    await load(sim, 2_000, token); // warm-up: JIT, sockets
    const tokens = await load(sim, 40_000, token);
    report('sim-token-rps', tokens.rps, 'req/s');
    report('sim-token-p50-ms', percentile(tokens.latenciesMs, 50), 'ms');
    report('sim-token-p99-ms', percentile(tokens.latenciesMs, 99), 'ms');

    await load(sim, 1_000, dashboard);
    const dash = await load(sim, 10_000, dashboard);
    report('sim-dashboard-rps', dash.rps, 'req/s');
    report('sim-dashboard-p99-ms', percentile(dash.latenciesMs, 99), 'ms');
  } finally {
    await sim.close();
  }
}

if (isMain(import.meta.url)) await run();
