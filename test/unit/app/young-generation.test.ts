import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ELECTRON_JS_FLAGS, hasYoungGenerationCap, YOUNG_GENERATION_FLAG } from '../../../main/app/heap-settings';

const root = join(import.meta.dirname, '..', '..', '..');

/** The new space V8 committed after a loop that allocates like a batch does, in its own Node process (MB). */
function newSpaceMb(nodeArgs: string[], lateFlag: boolean): number {
  const program = `
    const v8 = await import('node:v8');
    ${lateFlag ? `v8.setFlagsFromString(${JSON.stringify(YOUNG_GENERATION_FLAG)});` : ''}
    let keep = [];
    for (let i = 0; i < 3e6; i++) { keep.push({ a: i, b: 'x' + i }); if (keep.length > 200000) keep = []; }
    process.stdout.write(String(v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size / 1048576));
  `;
  const result = spawnSync(process.execPath, [...nodeArgs, '--input-type=module', '-e', program], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
  return Number(result.stdout);
}

describe('the young generation cap', () => {
  it('works only from the command line: set from inside a running process it changes nothing', () => {
    const plain = newSpaceMb([], false);
    const late = newSpaceMb([], true);
    const fromCommandLine = newSpaceMb([YOUNG_GENERATION_FLAG], false);
    expect(fromCommandLine).toBeLessThanOrEqual(8);
    expect(late).toBeGreaterThan(fromCommandLine * 4);
    expect(late).toBe(plain);
  }, 60_000);

  it('is on the command line of every desktop launch this project makes (npm start, the Linux desktop entry)', () => {
    expect(readFileSync(join(root, 'scripts', 'start-electron.mjs'), 'utf8')).toContain(`'${ELECTRON_JS_FLAGS}'`);
    expect(readFileSync(join(root, 'electron-builder.yml'), 'utf8')).toContain(`executableArgs: ["${ELECTRON_JS_FLAGS}"]`);
    expect(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.web).toContain(YOUNG_GENERATION_FLAG);
  });

  it('is recognised whichever way it came', () => {
    expect(hasYoungGenerationCap(['electron', ELECTRON_JS_FLAGS, '.'], [])).toBe(true);
    expect(hasYoungGenerationCap(['node', 'cli.js'], [YOUNG_GENERATION_FLAG])).toBe(true);
    expect(hasYoungGenerationCap(['electron', '.'], [])).toBe(false);
  });
});
