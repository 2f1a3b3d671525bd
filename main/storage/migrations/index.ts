import type { Migration } from '../migrate';
import { base } from './001-base';
import { outbox } from './002-outbox';
import { templates } from './003-templates';
import { tokenHistory } from './004-token-history';
import { agents } from './005-agents';
import { dashboard } from './006-dashboard';
import { analytics } from './007-analytics';
import { profiles } from './008-profiles';
import { alertHistory } from './009-alert-history';
import { settings } from './010-settings';
import { outboxImportCounts } from './011-outbox-import-counts';
import { outboxShortHashes } from './012-outbox-short-hashes';
import { outboxRequestsApart } from './013-outbox-requests-apart';
import { outboxKeyPrefixes } from './014-outbox-key-prefixes';
import { tokenHistoryCleared } from './015-token-history-cleared';

/**
 * Every schema step, oldest first. Version numbers are fixed per area so that areas can grow apart:
 * 1 base, 2 outbox and created cameras, 3 templates, 4 token history, 5 agents (watch lists, alerts, shortcuts, device
 * cache), 6 dashboard cache, 7 analytics drafts, 8 profiles, 9 alert history, 10 settings, 11 the outbox's import index
 * covering its counts, 12 the outbox's keyed hashes cut to 16 bytes, 13 the outbox's requests in a table apart from
 * its entries' states, 14 the outbox's MAC and serial indexes on hash prefixes, 15 the token history's clear kept for its undo; later steps
 * take 16 onwards.
 */
export const migrations: readonly Migration[] = [base, outbox, templates, tokenHistory, agents, dashboard, analytics, profiles, alertHistory, settings, outboxImportCounts, outboxShortHashes, outboxRequestsApart, outboxKeyPrefixes, tokenHistoryCleared];
