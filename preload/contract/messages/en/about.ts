/** The About panel: versions and the keychain, for support. */
export const about = {
  title: 'About Watchdesk',
  subtitle: "Versions and the state of this machine's keychain, for support.",
  reading: 'Reading versions…',
  label: 'About this console',
  version: 'Version',
  runningIn: 'Running in',
  hostElectron: 'Desktop app (Electron)',
  hostWeb: 'Browser (local web host)',
  platform: 'Platform',
  node: 'Node.js',
  electron: 'Electron',
  notElectron: 'not running under Electron',
  keychain: 'OS keychain',
  available: 'Available',
  unavailable: 'Unavailable',
  copyDetails: 'Copy for support',
};
