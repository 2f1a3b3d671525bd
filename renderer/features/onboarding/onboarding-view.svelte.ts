/** Which part of the Onboarding screen is shown; the header's sync indicator opens the outbox through it. */
class OnboardingView {
  tab = $state<'wizard' | 'outbox' | 'created' | 'import' | 'templates'>('wizard');
}

export const onboardingView = new OnboardingView();
