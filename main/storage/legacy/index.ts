import { legacyAgents } from './agents';
import { legacyAnalytics } from './analytics';
import { legacyDashboard } from './dashboard';
import type { LegacySource } from './legacy-import';
import { legacyOutbox, legacyTemplates } from './onboarding';
import { legacyProfiles } from './profiles';
import { tokenHistorySource } from './token-history';

/** Every store of the console before the database, taken in once on the first start after it (in this order). */
export const legacySources: readonly LegacySource[] = [legacyProfiles, legacyAgents, legacyDashboard, legacyAnalytics, legacyOutbox, legacyTemplates, tokenHistorySource];
