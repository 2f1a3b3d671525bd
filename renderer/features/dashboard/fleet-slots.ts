import type { FleetTile } from '../../../preload/contract/dashboard';

/**
 * The fleet view's tiles while answers come in: each saved server has a place (the profiles' order, so tiles do not
 * jump around on a wall), filled by its tile the moment its server answers.
 */
export interface FleetProfile {
  id: string;
  name: string;
  baseUrl: string;
}

/** A server asked and not answered yet. */
export interface PendingTile {
  state: 'pending';
  profileId: string;
  profileName: string;
  baseUrl: string;
}

export type FleetSlot = FleetTile | PendingTile;

/**
 * The places a new round starts from. A refresh of the same period keeps each server's last tile until its new one
 * arrives (the numbers stay readable meanwhile); a new period starts every server as waiting, so no tile shows
 * another period's numbers under this one's heading.
 */
export function startingSlots(profiles: readonly FleetProfile[], previous: readonly FleetSlot[], samePeriod: boolean): FleetSlot[] {
  const last = new Map(previous.map((slot) => [slot.profileId, slot]));
  return profiles.map((profile) => {
    const kept = samePeriod ? last.get(profile.id) : undefined;
    return kept ?? { state: 'pending', profileId: profile.id, profileName: profile.name, baseUrl: profile.baseUrl };
  });
}

/** The slots with one arrived tile in its server's place (at the end for a server the screen did not know yet). */
export function placeTile(slots: readonly FleetSlot[], tile: FleetTile): FleetSlot[] {
  const at = slots.findIndex((slot) => slot.profileId === tile.profileId);
  if (at === -1) return [...slots, tile];
  return slots.map((slot, index) => (index === at ? tile : slot));
}

/** The tiles that have an answer (fresh, stale or failed): what the totals add up. */
export function answeredTiles(slots: readonly FleetSlot[]): FleetTile[] {
  return slots.filter((slot): slot is FleetTile => slot.state !== 'pending');
}
