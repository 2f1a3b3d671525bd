/** The frame around every screen: navigation, header, language. */
export const shell = {
  skipToContent: 'Skip to content',
  screensNav: 'Screens',
  language: 'Language',
  screens: {
    connect: { label: 'Connect', hint: 'Servers and API tokens' },
    tokens: { label: 'Stream tokens', hint: 'Issue playback tokens' },
    onboarding: { label: 'Onboarding', hint: 'Add cameras, outbox' },
    agents: { label: 'Agents', hint: 'Camera-agent devices' },
    dashboard: { label: 'Dashboard', hint: 'Platform statistics' },
    analytics: { label: 'Analytics', hint: 'Analytics tasks' },
    about: { label: 'About', hint: 'Versions and keychain' },
  },
};
