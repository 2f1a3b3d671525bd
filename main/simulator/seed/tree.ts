import type { Random } from '../prng';
import { citiesByRegion, folderNames, regions, siteKinds } from './names';
import type { PrivateFolder, TreeElement } from './types';

export interface TreeSeed {
  tree: TreeElement[];
  folders: PrivateFolder[];
  /** Elements that hold cameras (cities and sites), for the camera generators. */
  leafIds: number[];
}

/**
 * Root -> regions -> cities -> sites. Keys mix readable strings with numeric-looking strings, because the spec
 * allows `group_external_id` and `folder_key` as "string or int" and clients must handle both.
 */
export function generateTree(random: Random): TreeSeed {
  const tree: TreeElement[] = [];
  const folders: PrivateFolder[] = [];
  const leafIds: number[] = [];
  let nextId = 1;
  let nextFolderId = 501;
  let numericKey = 7000;

  const addFolders = (groupId: number, count: number): void => {
    for (const name of random.shuffle(folderNames).slice(0, count)) {
      const key = random.chance(0.5) ? String(90_000 + nextFolderId) : `fld-${String(nextFolderId).padStart(4, '0')}`;
      folders.push({ id: nextFolderId, key, name, group_id: groupId });
      nextFolderId += 1;
    }
  };

  const root: TreeElement = { id: nextId++, key: 'root', name: 'Watchdesk Demo Operator', parent_id: null };
  tree.push(root);
  addFolders(root.id, 1);
  for (const region of regions) {
    const regionEl: TreeElement = { id: nextId++, key: `region-${region.toLowerCase()}`, name: `${region} Region`, parent_id: root.id };
    tree.push(regionEl);
    for (const city of citiesByRegion[region]) {
      numericKey += random.int(1, 9);
      const cityEl: TreeElement = { id: nextId++, key: String(numericKey), name: city, parent_id: regionEl.id };
      tree.push(cityEl);
      leafIds.push(cityEl.id);
      addFolders(cityEl.id, random.int(1, 2));
      const siteCount = random.int(1, 3);
      for (const kind of random.shuffle(siteKinds).slice(0, siteCount)) {
        const siteEl: TreeElement = {
          id: nextId++,
          key: `site-${city.toLowerCase()}-${kind.toLowerCase().replace(/\s+/g, '-')}`,
          name: `${city} ${kind}`,
          parent_id: cityEl.id,
        };
        tree.push(siteEl);
        leafIds.push(siteEl.id);
        addFolders(siteEl.id, random.int(2, 4));
      }
    }
  }
  addDemoSite(tree, folders, nextId, nextFolderId);
  return { tree, folders, leafIds };
}

/**
 * The placements the downloadable CSV template names (preload/contract/camera/csv-columns.ts), present for every
 * seed, so a first-time user's template rows are accepted by the demo server as they are. Added after every random
 * draw, and not among the elements cameras hang from, so the rest of the seeded data is the same as without it.
 */
export const DEMO_SITE = {
  key: 'site-riga-depot',
  name: 'Riga Depot',
  folders: [
    { key: 'riga-depot-gates', name: 'Gates' },
    { key: 'riga-depot-yard', name: 'Yard' },
  ],
} as const;

function addDemoSite(tree: TreeElement[], folders: PrivateFolder[], nextId: number, nextFolderId: number): void {
  const riga = tree.find((el) => el.name === 'Riga');
  let site = tree.find((el) => el.key === DEMO_SITE.key);
  if (!site) {
    site = { id: nextId, key: DEMO_SITE.key, name: DEMO_SITE.name, parent_id: riga?.id ?? 1 };
    tree.push(site);
  }
  let id = nextFolderId;
  for (const folder of DEMO_SITE.folders) folders.push({ id: id++, key: folder.key, name: folder.name, group_id: site.id });
}
