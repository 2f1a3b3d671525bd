import { createHash } from 'node:crypto';
import { join } from 'node:path';

/** The folder holding one profile's agent files (the cache and the look-up shortcuts). Profile ids become safe names. */
export function profileFolder(dataDir: string, profileId: string): string {
  const safe = /^[A-Za-z0-9_-]{1,80}$/.test(profileId) ? profileId : createHash('sha256').update(profileId).digest('hex').slice(0, 32);
  return join(dataDir, 'agents', safe);
}
