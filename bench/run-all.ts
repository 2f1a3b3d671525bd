// `npm run bench`: runs every benchmark beside the tests, one after another, each printing `BENCH <name> <value> <unit>`.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const only = process.argv[2];
const files = readdirSync(import.meta.dirname)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => !only || name.includes(only))
  .sort();
let failures = 0;
for (const file of files) {
  process.stdout.write(`# ${file}\n`);
  try {
    const module = (await import(pathToFileURL(join(import.meta.dirname, file)).href)) as { run: () => Promise<void> };
    await module.run();
  } catch (error) {
    failures += 1;
    process.stdout.write(`# ${file} failed: ${error instanceof Error ? error.message : String(error)}\n`);
  }
}
process.exit(failures > 0 ? 1 : 0);
