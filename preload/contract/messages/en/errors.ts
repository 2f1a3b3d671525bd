/** Main's sentences for people: errors and reports, and the labels of the ways out an error offers. */
export const errors = {
  actions: {
    'open-connect': 'Open Connect',
  },
};
