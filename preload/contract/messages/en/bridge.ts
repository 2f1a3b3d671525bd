/** The bridge between the window and main: cancelled calls, a lost local host. */
export const bridge = {
  cancelled: 'The action was cancelled.',
  hostLost: 'The console lost contact with its local host. Is "npm run web" still running? Reload the page once it is.',
};
