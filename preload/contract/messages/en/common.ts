/** Words many screens share: buttons, states, units. */
export const common = {
  cancel: 'Cancel',
  close: 'Close',
  save: 'Save',
  retry: 'Try again',
  undo: 'Undo',
  copy: 'Copy',
  copied: 'Copied',
  loading: 'Loading…',
  notReported: 'not reported',
  supportDetails: 'Details for support',
  fieldHasErrors_one: '{{count}} field needs attention.',
  fieldHasErrors_other: '{{count}} fields need attention.',
  /** A span of time in its readable unit (preload/contract/duration-words.ts). */
  duration: {
    minutes_one: '{{count}} min',
    minutes_other: '{{count}} min',
    hours_one: '{{count}} h',
    hours_other: '{{count}} h',
    days_one: '{{count}} day',
    days_other: '{{count}} days',
    years_one: '{{count}} year',
    years_other: '{{count}} years',
  },
};
