/** Words many screens share: buttons, states, units. */
export const common = {
  cancel: 'Cancel',
  close: 'Close',
  save: 'Save',
  retry: 'Try again',
  copy: 'Copy',
  copied: 'Copied',
  loading: 'Loading…',
  notReported: 'not reported',
  supportDetails: 'Details for support',
  fieldHasErrors_one: '{{count}} field needs attention.',
  fieldHasErrors_other: '{{count}} fields need attention.',
};
