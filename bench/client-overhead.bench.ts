// What the platform client costs on top of undici itself: the same Auth.CreateApiToken calls against the simulator
// on loopback, through createPlatformClient (param check, token lookup, headers, size limit and deadline per attempt,
// retry interceptor, JSON-RPC unwrapping) and through bare `undici.request()` on the very same keep-alive pool
// (client.pool), so both sides share connections and neither has a pool of its own to warm. Rounds alternate which
// side goes first; client-overhead-ratio is the median over rounds of (client's median call / bare median call) in
// that round, so a round slowed by the machine's load counts against both sides alike. client-call-cpu-overhead-us
// is the difference in this process's CPU time per call (user + system), which load does not inflate. The simulator
// runs in a child process (bench/simulator-child.ts), so the server's work is not on the client's event loop.
import { request } from 'undici';
import { createPlatformClient } from '../main/platform/client';
import { isMain, median, report } from './report';
import { startSimulatorChild } from './simulator-child';
import { tokenRequestBody } from './undici-batch';

// Enough calls that the CPU figure (a difference of two sums) is not decided by a few scheduler hiccups.
const CALLS_PER_SIDE = 6_000;
const ROUND_SIZE = 100;
const CONCURRENCY = 8;
const WARMUP = 300;

/** Runs `count` calls with CONCURRENCY in flight; returns each call's duration in microseconds. */
async function timed(count: number, call: (i: number) => Promise<unknown>, offset: number): Promise<number[]> {
  const durations: number[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const i = offset + next++;
      const started = process.hrtime.bigint();
      await call(i);
      durations.push(Number(process.hrtime.bigint() - started) / 1000);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return durations;
}

export async function run(): Promise<void> {
  const sim = await startSimulatorChild();
  const { streams } = sim;
  const client = createPlatformClient({ baseUrl: sim.baseUrl, tokenStyle: 'bearer', getToken: async () => sim.apiToken });
  const url = new URL('/api/', sim.baseUrl);
  const headers = { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${sim.apiToken}` };

  const viaClient = (i: number): Promise<string> => client.createStreamToken({ stream: streams[i % streams.length]!, live: true });
  const viaBare = async (i: number): Promise<string> => {
    // The same request body the client sends (its params with their defaults filled in), on the client's own pool.
    const response = await request(url, { dispatcher: client.pool, method: 'POST', headers, body: tokenRequestBody(streams[i % streams.length]!, i) });
    const body = (await response.body.json()) as unknown;
    if (response.statusCode !== 200 || typeof body !== 'string') throw new Error(`bare call failed: ${response.statusCode}`);
    return body;
  };

  try {
    await timed(WARMUP, viaClient, 0);
    await timed(WARMUP, viaBare, 0);
    const clientTimes: number[] = [];
    const bareTimes: number[] = [];
    const ratios: number[] = [];
    let clientCpu = 0;
    let bareCpu = 0;
    for (let round = 0, done = 0; done < CALLS_PER_SIDE; round++, done += ROUND_SIZE) {
      const sides = [
        { call: viaClient, client: true },
        { call: viaBare, client: false },
      ];
      if (round % 2 === 1) sides.reverse();
      const medians = new Map<boolean, number>();
      for (const side of sides) {
        const before = process.cpuUsage();
        const times = await timed(ROUND_SIZE, side.call, done);
        const used = process.cpuUsage(before);
        if (side.client) clientCpu += used.user + used.system;
        else bareCpu += used.user + used.system;
        (side.client ? clientTimes : bareTimes).push(...times);
        medians.set(side.client, median(times));
      }
      ratios.push(medians.get(true)! / medians.get(false)!);
    }
    const clientMedian = median(clientTimes);
    const bareMedian = median(bareTimes);
    report('client-overhead-ratio', median(ratios), 'x');
    // Absolute: what one call through the platform client costs on top of the same call through bare undici.
    report('client-call-overhead-us', clientMedian - bareMedian, 'us');
    // The same on this process's CPU clock: what the client's own work costs per call, whatever the machine's load.
    report('client-call-cpu-overhead-us', (clientCpu - bareCpu) / CALLS_PER_SIDE, 'us');
    report('client-call-median-us', clientMedian, 'us');
    report('bare-undici-call-median-us', bareMedian, 'us');
  } finally {
    await client.close();
    await sim.close();
  }
}

if (isMain(import.meta.url)) await run();
