import type { Random } from '../prng';
import { recentCreationMs } from './cameras';
import type { PlatformUser, UserType } from './types';

export const USER_COUNT = 1500;

/** Platform users: only their type and creation time matter (dashboard counts). */
export function generateUsers(random: Random, anchorMs: number): PlatformUser[] {
  const users: PlatformUser[] = [];
  for (let id = 1; id <= USER_COUNT; id += 1) {
    const r = random.next();
    const type: UserType = r < 0.7 ? 'individual' : r < 0.85 ? 'legal' : r < 0.97 ? 'sub' : 'special';
    users.push({ id, type, created_at_ms: recentCreationMs(random, anchorMs, 1095) });
  }
  return users;
}
