// The handler registry's own cost per call: registry.call (channel lookup, sender check, input parse, result
// wrapping) minus calling the same handler directly, in one process. It is not IPC: no Electron hop, no HTTP, no
// serialisation (what the operator feels end to end, bridge included, is in the ui-* figures of ui.bench.ts).
import { createRegistry, type Handlers } from '../main/ipc/registry';
import { isMain, median, report } from './report';

export async function run(): Promise<void> {
  const handler = async () => ({ name: 'Watchdesk' });
  const handlers = { 'app.info': handler } as unknown as Handlers;
  const registry = createRegistry(handlers, { isTrustedSender: () => true });
  const sender = { transport: 'test' as const };
  const rounds = 20;
  const callsPerRound = 20_000;
  const overheads: number[] = [];
  for (let round = 0; round < rounds; round++) {
    let start = process.hrtime.bigint();
    for (let i = 0; i < callsPerRound; i++) await registry.call('app.info', undefined, sender);
    const viaRegistry = Number(process.hrtime.bigint() - start);
    start = process.hrtime.bigint();
    for (let i = 0; i < callsPerRound; i++) await handler();
    const direct = Number(process.hrtime.bigint() - start);
    overheads.push((viaRegistry - direct) / callsPerRound / 1000);
  }
  report('registry-dispatch-overhead-us', median(overheads), 'us');
}

if (isMain(import.meta.url)) await run();
