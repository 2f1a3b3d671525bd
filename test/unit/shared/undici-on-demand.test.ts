import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as undici from 'undici';
import * as onDemand from '../../../main/shared/undici-on-demand';

const { Agent, buildConnector } = onDemand;

const root = join(import.meta.dirname, '..', '..', '..');

/** Names main/platform imports from 'undici' (the bundled main gets them from undici-on-demand.ts instead). */
function undiciNamesUsedByPlatform(): string[] {
  const names = new Set<string>();
  const folder = join(root, 'main', 'platform');
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.ts'))) {
    const source = readFileSync(join(folder, file), 'utf8');
    for (const match of source.matchAll(/^import\s+(?!type\b)\{([^}]*)\}\s+from\s+'undici'/gm)) {
      for (const name of match[1]!.split(',')) if (name.trim() && !name.trim().startsWith('type ')) names.add(name.trim());
    }
  }
  return [...names].sort();
}

describe('undici on demand (what the bundled main imports for undici)', () => {
  it('builds undici’s own Agent and connector', async () => {
    const agent = new Agent({ connections: 1 });
    expect(agent).toBeInstanceOf(undici.Agent);
    await agent.close();
    expect(typeof buildConnector({})).toBe('function');
  });

  it('offers every name main/platform imports from undici', () => {
    const used = undiciNamesUsedByPlatform();
    expect(used.length).toBeGreaterThan(0);
    expect(Object.keys(onDemand)).toEqual(expect.arrayContaining(used));
  });
});
