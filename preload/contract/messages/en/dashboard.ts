/** The Dashboard screen: statistics for a period and time zone, the media servers, the fleet and the wall. */
export const dashboard = {
  errors: {
    internal: 'The dashboard could not be loaded because of a problem inside Watchdesk. Try again.',
    periodRefused: 'The server refused this period. Check the period and time zone, then try again.',
    periodRefusedNoReason: 'The server did not accept this period.',
    noProfile: 'No server is selected. Open Connect and add or choose a server.',
    profileGone: 'This server profile no longer exists. Choose another one in Connect.',
    cancelled: 'The request was cancelled.',
  },
};
