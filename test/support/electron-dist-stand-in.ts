import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A folder standing in for the Electron distribution, so `electron-builder --dir` runs without a download. The
 * "binary" is a shell script that carries Electron's fuse sentinel and a 9-fuse wire, so the fuse step runs for
 * real and its result can be read back.
 */
export function createElectronDistStandIn(): string {
  const dir = mkdtempSync(join(tmpdir(), 'wd-electron-dist-'));
  mkdirSync(join(dir, 'resources'));
  const binary = Buffer.concat([
    Buffer.from('#!/bin/sh\n# Electron stand-in for packaging checks. Fuse wire: '),
    Buffer.from('dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'),
    Buffer.from([1, 9]),
    Buffer.from('111111100'),
    Buffer.from('\necho "stand-in: not a real Electron"\n'),
  ]);
  writeFileSync(join(dir, 'electron'), binary);
  chmodSync(join(dir, 'electron'), 0o755);
  writeFileSync(join(dir, 'LICENSE'), 'stand-in');
  writeFileSync(join(dir, 'LICENSES.chromium.html'), 'stand-in');
  return dir;
}
