/** The bridge between the window and main: cancelled calls, a lost local host. */
export const bridge = {
  cancelled: 'The action was cancelled.',
  hostLost: 'The console lost contact with its local host. Is "npm run web" still running? Reload the page once it is.',
  resync_one: 'This page was busy and missed {{count}} update. Reload the screen to see the current state.',
  resync_other: 'This page was busy and missed {{count}} updates. Reload the screen to see the current state.',
  resyncAction: 'Reload the screen',
};
