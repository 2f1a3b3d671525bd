import { describe, expect, it } from 'vitest';
import { folderOptions, groupOptions, knownGroup } from '../../../renderer/features/onboarding/placement-options';
import { placementsOf } from '../../../main/simulator/placements';
import { generateSeedData } from '../../../main/simulator/index';
import type { Suggestions } from '../../../preload/contract/onboarding';

const demo: Suggestions['demoPlacements'] = [
  { id: 1, key: 'root', name: 'Operator', folders: [{ id: 501, key: '90501', name: 'Lobby' }] },
  { id: 9, key: 'site-riga-depot', name: 'Riga Depot', folders: [{ id: 700, key: 'riga-depot-gates', name: 'Gates' }, { id: 701, key: 'riga-depot-yard', name: 'Yard' }] },
];
const suggestions: Suggestions = { groups: [{ by: 'key', value: 'site-old' }, { by: 'key', value: 'root' }], folders: [{ by: 'key', value: 'fld-old' }], services: [], demoPlacements: demo };

describe('placement suggestions', () => {
  it('offers recent tree elements first, then the demo server ones with their names, each once', () => {
    expect(groupOptions(suggestions, 'key')).toEqual([{ value: 'site-old' }, { value: 'root' }, { value: 'site-riga-depot', label: 'Riga Depot' }]);
    expect(groupOptions(suggestions, 'id')).toEqual([{ value: '1', label: 'Operator' }, { value: '9', label: 'Riga Depot' }]);
  });

  it('offers only the folders of a chosen demo tree element, and all of them before one is chosen', () => {
    expect(knownGroup(suggestions, 'key', ' site-riga-depot ')?.id).toBe(9);
    expect(folderOptions(suggestions, 'key', 'key', 'site-riga-depot')).toEqual([
      { value: 'fld-old' },
      { value: 'riga-depot-gates', label: 'Gates' },
      { value: 'riga-depot-yard', label: 'Yard' },
    ]);
    expect(folderOptions(suggestions, 'id', 'id', '1')).toEqual([{ value: '501', label: 'Lobby' }]);
    expect(folderOptions(suggestions, 'key', 'key', '').map((o) => o.label)).toEqual([undefined, 'Lobby (Operator)', 'Gates (Riga Depot)', 'Yard (Riga Depot)']);
  });

  it('lists every seeded folder under its tree element, the template site among them, for any seed', () => {
    for (const seed of [42, 7]) {
      const data = generateSeedData(seed, Date.UTC(2025, 5, 15));
      const places = placementsOf(data);
      expect(places.flatMap((p) => p.folders)).toHaveLength(data.folders.length);
      expect(places.find((p) => p.key === 'site-riga-depot')?.folders.map((f) => f.key)).toEqual(['riga-depot-gates', 'riga-depot-yard']);
    }
  });
});
