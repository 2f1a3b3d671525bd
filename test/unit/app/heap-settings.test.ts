import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');

/**
 * The largest heap V8 commits while a program keeps 200,000 objects alive, replaces two thousand of them per round and
 * holds each round's 20,000 new objects for a few rounds (the token desk's pattern: a batch's rows and entries live
 * a while, then are dropped), in its own Node process, with or without the hosts' heap settings applied first.
 */
function peakHeapMb(withSettings: boolean): number {
  const program = `
    ${withSettings ? `const { applyHeapSettings } = await import(${JSON.stringify(join(root, 'main', 'app', 'heap-settings.ts'))}); applyHeapSettings();` : ''}
    const live = [];
    for (let i = 0; i < 200000; i++) live.push({ a: i, s: 'x'.repeat(50) + i });
    let peak = 0;
    let batch = [];
    for (let round = 0; round < 100; round++) {
      for (let i = 0; i < 20000; i++) batch.push({ b: i, s: 'y'.repeat(40) + i });
      if (batch.length > 60000) batch = [];
      for (let i = 0; i < 2000; i++) live[(round * 2000 + i) % live.length] = { a: i, s: 'z'.repeat(50) + i };
      peak = Math.max(peak, process.memoryUsage().heapTotal);
    }
    process.stdout.write(String(peak / 1048576));
  `;
  const result = spawnSync(process.execPath, ['--max-semi-space-size=2', '--import', 'tsx', '--input-type=module', '-e', program], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
  return Number(result.stdout);
}

describe('heap settings', () => {
  it('keep the old generation near twice what is alive, where V8 alone lets it grow further', () => {
    const plain = peakHeapMb(false);
    const settled = peakHeapMb(true);
    expect(settled).toBeLessThan(plain * 0.85);
  }, 60_000);
});
