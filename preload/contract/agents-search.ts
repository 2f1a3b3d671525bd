/**
 * Finding a camera-agent device by what is printed on it or what it is called, among the devices this console has
 * already seen (look-ups, their saved copies, watch lists): the platform's operation 5 takes a number only.
 */

/**
 * What the look-up field does with its text: digits (and only digits) are a device number, looked up on the server;
 * anything else of two characters or more is searched among the devices seen; shorter text is left to the number rules.
 */
export function lookupOrSearch(text: string): 'lookup' | 'search' {
  const t = text.trim();
  return /^\d*$/.test(t) || t.length < 2 ? 'lookup' : 'search';
}

/** One device as seen, with where it was seen. */
export interface SeenDevice {
  id: string;
  name: string | null;
  mac: string | null;
  serial: string | null;
  seenIn: Array<'recent' | 'pinned' | 'cache' | 'watch'>;
}

export type MatchedOn = 'id' | 'name' | 'mac' | 'serial';

export interface DeviceMatch extends SeenDevice {
  matchedOn: MatchedOn;
  /** 0 exact, 1 starts with, 2 contains: lower first. */
  rank: 0 | 1 | 2;
}

export interface DeviceSearchResult {
  matches: DeviceMatch[];
  /** How many devices were searched (so "no match" can say among how many). */
  searched: number;
}

/** A MAC's hex digits alone, upper-case: `aa-bb-cc-00-00-01`, `AABB.CC00.0001` and `AA:BB:CC:00:00:01` compare equal. */
function macDigits(text: string): string {
  return text.replace(/[^0-9a-f]/gi, '').toUpperCase();
}

/** Looks like (part of) a MAC: hex digits, at least four, with or without separators. */
function macLike(query: string): boolean {
  return /^[0-9a-f]{2}([:.-]?[0-9a-f]{2})+[:.-]?$/i.test(query) && macDigits(query).length >= 4;
}

function rankOf(value: string, query: string): 0 | 1 | 2 | null {
  if (value === query) return 0;
  if (value.startsWith(query)) return 1;
  return value.includes(query) ? 2 : null;
}

/**
 * The devices that match `query`, best first: an exact number, MAC, serial or name before one that starts with the
 * query, before one that contains it; within a rank by name. Names and serials compare without case; a MAC by its
 * hex digits whatever the notation. A query under two characters matches nothing (every name contains an "a").
 */
export function matchSeenDevices(query: string, devices: readonly SeenDevice[], limit = 20): DeviceMatch[] {
  const q = query.trim();
  if (q.length < 2) return [];
  const lower = q.toLowerCase();
  const mac = macLike(q) ? macDigits(q) : null;
  const matches: DeviceMatch[] = [];
  for (const device of devices) {
    const tries: Array<[MatchedOn, 0 | 1 | 2 | null]> = [
      ['id', device.id === q ? 0 : null],
      ['mac', mac !== null && device.mac ? rankOf(macDigits(device.mac), mac) : null],
      ['serial', device.serial ? rankOf(device.serial.toLowerCase(), lower) : null],
      ['name', device.name ? rankOf(device.name.toLowerCase(), lower) : null],
    ];
    let best: [MatchedOn, 0 | 1 | 2] | null = null;
    for (const [on, rank] of tries) if (rank !== null && (best === null || rank < best[1])) best = [on, rank];
    if (best) matches.push({ ...device, matchedOn: best[0], rank: best[1] });
  }
  matches.sort((a, b) => a.rank - b.rank || (a.name ?? a.id).localeCompare(b.name ?? b.id) || a.id.localeCompare(b.id));
  return matches.slice(0, limit);
}

/** The devices seen in several places, one entry per number, keeping every field any of them knew. */
export function mergeSeen(devices: readonly SeenDevice[]): SeenDevice[] {
  const byId = new Map<string, SeenDevice>();
  for (const device of devices) {
    const known = byId.get(device.id);
    if (!known) {
      byId.set(device.id, { ...device, seenIn: [...device.seenIn] });
      continue;
    }
    known.name ??= device.name;
    known.mac ??= device.mac;
    known.serial ??= device.serial;
    for (const place of device.seenIn) if (!known.seenIn.includes(place)) known.seenIn.push(place);
  }
  return [...byId.values()];
}
