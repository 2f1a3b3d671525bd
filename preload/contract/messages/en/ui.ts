/** Words of the shared UI kit (renderer/lib/ui): dialogs, tables, banners, toasts. */
export const ui = {
  close: 'Close',
  cancel: 'Cancel',
  confirm: 'Confirm',
  working: 'Working…',
  retry: 'Try again',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'The system refused the clipboard. Select the text and press Ctrl+C.',
  supportDetails: 'Details for support',
  required: 'required',
  dismiss: 'Dismiss',
  notifications: 'Notifications',
  errorTitle: 'Something went wrong',
  actions: {
    openConnect: 'Open Connect',
  },
  table: {
    empty: 'Nothing to show.',
    sortBy: 'Sort by {{column}}',
    rows_one: '{{count}} row',
    rows_other: '{{count}} rows',
  },
};
