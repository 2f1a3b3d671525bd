import type { KnownPlacement } from '../../preload/contract/onboarding';
import type { SimulatorState } from './state';

/**
 * The tree elements that hold private folders, with those folders, in tree order: what a camera can be placed in.
 * The wizard shows them when the demo server is the active one (the platform itself offers no way to list them).
 */
export function placementsOf(state: Pick<SimulatorState, 'tree' | 'folders'>): KnownPlacement[] {
  const byGroup = new Map<number, KnownPlacement['folders']>();
  for (const folder of state.folders) {
    let list = byGroup.get(folder.group_id);
    if (!list) byGroup.set(folder.group_id, (list = []));
    list.push({ id: folder.id, key: folder.key, name: folder.name });
  }
  const out: KnownPlacement[] = [];
  for (const element of state.tree) {
    const folders = byGroup.get(element.id);
    if (folders) out.push({ id: element.id, key: element.key, name: element.name, folders });
  }
  return out;
}
