// `npm run bench`: runs every benchmark beside the tests, one after another, each printing `BENCH <name> <value> <unit>`.
// Each file runs in its own Node process: a bench that ran before must not leave its heap, timers or JIT state to
// the next one (in one process, the token batch measured up to 1.8x slower after the simulator bench).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { YOUNG_GENERATION_FLAG } from '../main/app/heap-settings';

const only = process.argv[2];
const files = readdirSync(import.meta.dirname)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => !only || name.includes(only))
  .sort();
let failures = 0;
for (const file of files) {
  // Every figure is judged with the machine's load beside it: on a shared 2-core machine it moves them all.
  process.stdout.write(`# ${file} (load average ${loadavg()[0]!.toFixed(2)} on ${availableParallelism()} cores)\n`);
  // The same Node as this process, with tsx as its loader; output goes straight to this terminal. With the young
  // generation the console's main runs with (`npm run web`, the desktop app's --js-flags): a bench that hosts main in
  // its own process measures main's pauses as the console has them (the bare side of a ratio runs under it too).
  const result = spawnSync(process.execPath, [YOUNG_GENERATION_FLAG, '--import', 'tsx', join(import.meta.dirname, file)], { stdio: 'inherit' });
  if (result.status !== 0) {
    failures += 1;
    process.stdout.write(`# ${file} failed (exit ${result.status ?? result.signal})\n`);
  }
}
process.exit(failures > 0 ? 1 : 0);
