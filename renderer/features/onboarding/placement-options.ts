import type { KnownPlacement, Suggestions } from '../../../preload/contract/onboarding';

/** One entry of a placement field's list: the value to type and, for a known place, its name. */
export interface PlacementOption {
  value: string;
  label?: string;
}

type By = 'id' | 'key';

const valueOf = (place: { id: number; key: string }, by: By) => (by === 'id' ? String(place.id) : place.key);

/** Recent values first (what worked before), then the demo server's tree elements, each value once. */
export function groupOptions(suggestions: Suggestions, by: By): PlacementOption[] {
  const out = new Map<string, PlacementOption>();
  for (const s of suggestions.groups) if (s.by === by) out.set(s.value, { value: s.value });
  for (const place of suggestions.demoPlacements) {
    const value = valueOf(place, by);
    if (!out.has(value)) out.set(value, { value, label: place.name });
  }
  return [...out.values()];
}

/** The demo server's tree element the group field names (by id or key), if any. */
export function knownGroup(suggestions: Suggestions, by: By, group: string): KnownPlacement | undefined {
  const typed = group.trim();
  if (typed === '') return undefined;
  return suggestions.demoPlacements.find((place) => valueOf(place, by) === typed);
}

/**
 * Recent folders first, then the demo server's folders: only those of the chosen tree element when it is one the
 * demo server knows (a folder must be in the element the camera is created in), otherwise all of them.
 */
export function folderOptions(suggestions: Suggestions, by: By, groupBy: By, group: string): PlacementOption[] {
  const out = new Map<string, PlacementOption>();
  for (const s of suggestions.folders) if (s.by === by) out.set(s.value, { value: s.value });
  const chosen = knownGroup(suggestions, groupBy, group);
  for (const place of chosen ? [chosen] : suggestions.demoPlacements) {
    for (const folder of place.folders) {
      const value = valueOf(folder, by);
      if (!out.has(value)) out.set(value, { value, label: chosen ? folder.name : `${folder.name} (${place.name})` });
    }
  }
  return [...out.values()];
}
