import type { MessagePaths } from './types';
import { analytics as enAnalytics } from './en/analytics';
import { bridge as enBridge } from './en/bridge';
import { agents as enAgents } from './en/agents';
import { common as enCommon } from './en/common';
import { errors as enErrors } from './en/errors';
import { shell as enShell } from './en/shell';
import { onboarding as enOnboarding } from './en/onboarding';
import { dashboard as enDashboard } from './en/dashboard';
import { ui as enUi } from './en/ui';
import { storage as enStorage } from './en/storage';
import { connect as enConnect } from './en/connect';
import { about as enAbout } from './en/about';
import { tokens as enTokens } from './en/tokens';
import { validation as enValidation } from './en/validation';
import { analytics as ruAnalytics } from './ru/analytics';
import { bridge as ruBridge } from './ru/bridge';
import { agents as ruAgents } from './ru/agents';
import { common as ruCommon } from './ru/common';
import { errors as ruErrors } from './ru/errors';
import { shell as ruShell } from './ru/shell';
import { onboarding as ruOnboarding } from './ru/onboarding';
import { dashboard as ruDashboard } from './ru/dashboard';
import { ui as ruUi } from './ru/ui';
import { storage as ruStorage } from './ru/storage';
import { connect as ruConnect } from './ru/connect';
import { about as ruAbout } from './ru/about';
import { tokens as ruTokens } from './ru/tokens';
import { validation as ruValidation } from './ru/validation';

/**
 * The message catalog of every string a person reads, in each language the console speaks. One file per feature
 * and language (`en/<feature>.ts`, `ru/<feature>.ts`); a feature adds one line to each object below.
 */
export const en = {
  bridge: enBridge,
  common: enCommon,
  errors: enErrors,
  agents: enAgents,
  shell: enShell,
  onboarding: enOnboarding,
  dashboard: enDashboard,
  ui: enUi,
  storage: enStorage,
  connect: enConnect,
  about: enAbout,
  tokens: enTokens,
  analytics: enAnalytics,
  validation: enValidation,
};

export const ru = {
  bridge: ruBridge,
  common: ruCommon,
  errors: ruErrors,
  agents: ruAgents,
  shell: ruShell,
  onboarding: ruOnboarding,
  dashboard: ruDashboard,
  ui: ruUi,
  storage: ruStorage,
  connect: ruConnect,
  about: ruAbout,
  tokens: ruTokens,
  analytics: ruAnalytics,
  validation: ruValidation,
};

export { languages, languageNames, languageOf, type Language } from './languages';

/** i18next's resource shape: one `translation` namespace per language. */
export const resources = { en: { translation: en }, ru: { translation: ru } } as const;

export type MessageKey = MessagePaths<typeof en>;
export type { MessageValues } from './types';
