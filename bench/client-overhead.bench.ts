// What the platform client costs on top of undici itself: the same Auth.CreateApiToken calls against the simulator
// on loopback, through createPlatformClient (param check, token lookup, headers, deadline, abort wiring, JSON-RPC
// unwrapping, zod) and through a bare keep-alive undici Agent. client-call-overhead-us is the difference of the
// per-call medians (microseconds a call costs on top of bare undici, on loopback with 8 in flight; wall clock, so a
// loaded machine inflates it); client-call-cpu-overhead-us is the same difference in this process's CPU time per call
// (user + system, from process.cpuUsage), which load does not inflate. Rounds alternate which side goes first, so neither
// gets the warm-up. The simulator runs in a child process (bench/simulator-child.ts), so the server's work is not
// on the client's event loop and the ratio compares the two clients only.
import { Agent } from 'undici';
import { createPlatformClient } from '../main/platform/client';
import { isMain, median, report } from './report';
import { startSimulatorChild } from './simulator-child';
import { tokenRequestBody } from './undici-batch';

// Enough calls that the CPU figure (a difference of two sums) is not decided by a few scheduler hiccups.
const CALLS_PER_SIDE = 6_000;
const ROUND_SIZE = 50;
const CONCURRENCY = 8;
const WARMUP = 200;

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
  const agent = new Agent({ keepAliveTimeout: 30_000, headersTimeout: 15_000, bodyTimeout: 15_000, connectTimeout: 15_000 });
  const origin = sim.baseUrl;
  const headers = { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${sim.apiToken}` };

  const viaClient = (i: number): Promise<string> => client.createStreamToken({ stream: streams[i % streams.length]!, live: true });
  const viaBare = async (i: number): Promise<string> => {
    const response = await agent.request({
      origin,
      path: '/api/',
      method: 'POST',
      headers,
      // The same request body the client sends (its params with their defaults filled in).
      body: tokenRequestBody(streams[i % streams.length]!, i),
    });
    const body = (await response.body.json()) as unknown;
    if (response.statusCode !== 200 || typeof body !== 'string') throw new Error(`bare call failed: ${response.statusCode}`);
    return body;
  };

  try {
    await timed(WARMUP, viaClient, 0);
    await timed(WARMUP, viaBare, 0);
    const clientTimes: number[] = [];
    const bareTimes: number[] = [];
    // CPU time of this process (the client side only: the simulator is another process) per side, in microseconds.
    const cpu = new Map<number[], number>([
      [clientTimes, 0],
      [bareTimes, 0],
    ]);
    for (let round = 0, done = 0; done < CALLS_PER_SIDE; round++, done += ROUND_SIZE) {
      const sides: Array<[typeof viaClient, number[]]> = [
        [viaClient, clientTimes],
        [viaBare, bareTimes],
      ];
      if (round % 2 === 1) sides.reverse();
      for (const [call, into] of sides) {
        const before = process.cpuUsage();
        into.push(...(await timed(ROUND_SIZE, call, done)));
        const used = process.cpuUsage(before);
        cpu.set(into, cpu.get(into)! + used.user + used.system);
      }
    }
    const clientMedian = median(clientTimes);
    const bareMedian = median(bareTimes);
    report('client-overhead-ratio', clientMedian / bareMedian, 'x');
    // Absolute: what one call through the platform client costs on top of the same call through bare undici.
    report('client-call-overhead-us', clientMedian - bareMedian, 'us');
    // The same on this process's CPU clock: what the client's own work costs per call, whatever the machine's load.
    report('client-call-cpu-overhead-us', (cpu.get(clientTimes)! - cpu.get(bareTimes)!) / CALLS_PER_SIDE, 'us');
    report('client-call-median-us', clientMedian, 'us');
    report('bare-undici-call-median-us', bareMedian, 'us');
  } finally {
    await client.close();
    await agent.close();
    await sim.close();
  }
}

if (isMain(import.meta.url)) await run();
