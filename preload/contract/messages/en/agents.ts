/** Camera-agent inspection and the watch list: main's sentences (errors, watch states, notifications) and the screen. */
export const agents = {
  errors: {
    unauthorized: 'The server refused the API token. Open Connect and replace it.',
    noToken: 'No API token is stored for this server. Open Connect and add one.',
    forbidden:
      'The API token works but lacks the “camera-agents” permission, which this view needs. Ask the platform administrator to grant “camera-agents” to the token’s user on the server (the permission is assigned on the platform, not in Watchdesk), then look the device up again.',
    invalidId: 'The server does not accept “{{id}}” as a device number: {{reason}}',
    invalidIdNoReason: 'The server does not accept “{{id}}” as a device number. Check the number.',
    notFound: 'The server has no camera-agent device number {{id}}. Check the number.',
    unreachable: 'The server cannot be reached. {{detail}}',
    unreachableStale: 'The server cannot be reached, so this is the last copy seen, from {{time}} UTC. {{detail}}',
    noProfile: 'No server is selected. Open Connect and add or choose a server.',
    listNotFound: 'This watch list no longer exists. Reload the list.',
    noDevices: 'Add at least one device number to the list.',
    tooManyDevices: 'That is {{count}} devices; a watch list takes up to {{max}}. Split the list.',
    cacheUnreadable: 'The saved copy of device {{id}} could not be read and was set aside.',
    rowFailed: 'Could not read this device: {{reason}}',
  },
  notes: {
    duplicates_one: '{{count}} device number was listed twice and is watched once.',
    duplicates_other: '{{count}} device numbers were listed more than once and are watched once each.',
    invalid_one: '{{count}} entry is not a device number and was left out: {{examples}}.',
    invalid_other: '{{count}} entries are not device numbers and were left out: {{examples}}.',
    csvColumn: 'Read the “{{column}}” column of the CSV.',
  },
  watchState: {
    paused: 'Polling is paused: the server cannot be reached ({{detail}}). It resumes by itself when the server answers.',
    stoppedUnauthorized: 'Polling stopped: the server refused the API token. Replace it in Connect, then resume the list.',
    stoppedForbidden:
      'Polling stopped: the API token lacks the “camera-agents” permission. Ask the platform administrator to grant it, then resume the list.',
    stoppedNoProfile: 'Polling stopped: the server this list belongs to no longer exists in Connect.',
  },
  notify: {
    title: 'Watchdesk: {{list}}',
    offline: '{{device}} has been offline for {{minutes}} min.',
    storage: '{{device}}: storage at {{percent}}%.',
    version: '{{device}} runs version {{version}}.',
    stream: '{{device}}: stream not active ({{streams}}).',
    many_one: '{{count}} new alert. Open Agents to see it.',
    many_other: '{{count}} new alerts. Open Agents to see them.',
  },
};
