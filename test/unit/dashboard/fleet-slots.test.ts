import { describe, expect, it } from 'vitest';
import type { FleetTile } from '../../../preload/contract/dashboard';
import { answeredTiles, placeTile, startingSlots, type FleetProfile } from '../../../renderer/features/dashboard/fleet-slots';

const profiles: FleetProfile[] = [
  { id: 'a', name: 'Riga', baseUrl: 'https://riga.example' },
  { id: 'b', name: 'Tallinn', baseUrl: 'https://tallinn.example' },
  { id: 'c', name: 'Vilnius', baseUrl: 'https://vilnius.example' },
];

const failed = (id: string, name: string): FleetTile => ({
  profileId: id,
  profileName: name,
  baseUrl: `https://${name.toLowerCase()}.example`,
  state: 'error',
  error: { kind: 'Offline', message: 'The server could not be reached.', fieldErrors: {}, retryable: true },
});

describe('fleet slots', () => {
  it('start every server as waiting, in the profiles\' order', () => {
    expect(startingSlots(profiles, [], false).map((slot) => [slot.profileId, slot.state])).toEqual([
      ['a', 'pending'],
      ['b', 'pending'],
      ['c', 'pending'],
    ]);
  });

  it('fill each place as its tile arrives, whatever the order of arrival', () => {
    let slots = startingSlots(profiles, [], false);
    slots = placeTile(slots, failed('c', 'Vilnius'));
    expect(slots.map((slot) => slot.state)).toEqual(['pending', 'pending', 'error']);
    slots = placeTile(slots, failed('a', 'Riga'));
    expect(slots.map((slot) => slot.state)).toEqual(['error', 'pending', 'error']);
    expect(answeredTiles(slots).map((tile) => tile.profileId)).toEqual(['a', 'c']);
  });

  it('add a server the screen did not know at the end', () => {
    const slots = placeTile(startingSlots(profiles.slice(0, 1), [], false), failed('z', 'Kaunas'));
    expect(slots.map((slot) => slot.profileId)).toEqual(['a', 'z']);
  });

  it('keep the last tiles on a refresh of the same period, and drop them for another period', () => {
    const previous = [failed('a', 'Riga'), failed('b', 'Tallinn')];
    expect(startingSlots(profiles, previous, true).map((slot) => slot.state)).toEqual(['error', 'error', 'pending']);
    expect(startingSlots(profiles, previous, false).map((slot) => slot.state)).toEqual(['pending', 'pending', 'pending']);
  });
});
