import { rmSync } from 'node:fs';
import { leakScanDir } from './collect';

/** Global setup: the leak scan reads only what this run's tests leave. */
export default function clearLeakScan(): void {
  rmSync(leakScanDir, { recursive: true, force: true });
}
