// The bare side of the watch-list benches (agents, alerts, ui-watch): the same camera-agent GETs the console's watch
// cycle makes, `concurrency` in flight, on one keep-alive Agent the bench keeps for its whole run (the console keeps
// one client per server, so both reuse connections). Each answer is parsed as JSON, as the least any client does with
// it; no depth or size bound, shape check, rule or screen.
import type { Agent } from 'undici';
import type { SimulatorChild } from './simulator-child';

/** Reads every device once; the wall time in milliseconds. */
export async function undiciCycle(sim: SimulatorChild, agent: Agent, ids: readonly number[], concurrency: number): Promise<number> {
  const headers = { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${sim.apiToken}` };
  const origin = new URL(sim.baseUrl).origin;
  let next = 0;
  const started = performance.now();
  const worker = async (): Promise<void> => {
    while (next < ids.length) {
      const id = ids[next++]!;
      const res = await agent.request({ origin, path: `/api/v1/camera-agents/${id}`, method: 'GET', headers });
      if (res.statusCode !== 200) throw new Error(`undici: HTTP ${res.statusCode}`);
      await res.body.json();
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return performance.now() - started;
}
