/** Word lists for realistic-looking seeded names. Plain data; nothing here is random by itself. */

export const regions = ['North', 'South', 'East', 'West', 'Central'] as const;

export const citiesByRegion: Record<(typeof regions)[number], readonly string[]> = {
  North: ['Tallinn', 'Riga', 'Helsinki'],
  South: ['Valencia', 'Naples', 'Porto'],
  East: ['Krakow', 'Brno', 'Debrecen'],
  West: ['Rennes', 'Antwerp', 'Utrecht'],
  Central: ['Leipzig', 'Linz', 'Graz'],
};

export const siteKinds = [
  'Warehouse',
  'Retail Park',
  'Logistics Hub',
  'Office Tower',
  'Depot',
  'Campus',
  'Car Park',
  'Clinic',
] as const;

export const folderNames = ['Entrances', 'Parking', 'Perimeter', 'Loading Bay', 'Lobby', 'Server Room', 'Cash Desk'];

export const placements = [
  'Main Entrance',
  'Back Door',
  'Gate',
  'Loading Dock',
  'Corridor',
  'Stairwell',
  'Roof',
  'Parking Row',
  'Reception',
  'Checkout',
  'Fence North',
  'Fence South',
  'Lift Lobby',
  'Yard',
];

export interface CameraVendor {
  name: string;
  /** Real vendor OUI prefixes, so MACs look like what installers see on labels. */
  oui: string;
  modelPrefix: string;
  highPath: string;
  lowPath: string;
}

export const vendors: readonly CameraVendor[] = [
  { name: 'Hikvision', oui: 'BC:AD:28', modelPrefix: 'DS-2CD2143G2', highPath: '/Streaming/Channels/101', lowPath: '/Streaming/Channels/102' },
  { name: 'Dahua', oui: '3C:EF:8C', modelPrefix: 'IPC-HFW2431S', highPath: '/cam/realmonitor?channel=1&subtype=0', lowPath: '/cam/realmonitor?channel=1&subtype=1' },
  { name: 'Axis', oui: 'AC:CC:8E', modelPrefix: 'M3106-L', highPath: '/axis-media/media.amp?resolution=1920x1080', lowPath: '/axis-media/media.amp?resolution=640x360' },
  { name: 'Uniview', oui: '48:EA:63', modelPrefix: 'IPC2124LB', highPath: '/unicast/c1/s0/live', lowPath: '/unicast/c1/s1/live' },
  { name: 'Hanwha', oui: '00:09:18', modelPrefix: 'XNO-6080R', highPath: '/profile2/media.smp', lowPath: '/profile3/media.smp' },
];

export const mediaServerSites = ['fra', 'ams', 'waw', 'hel', 'mad', 'mil', 'vie', 'prg'] as const;

export const analyticsCaseTypes = [
  'face-recognition',
  'license-plate-recognition',
  'line-crossing',
  'intrusion-detection',
  'people-counting',
  'camera-obstacle',
] as const;
