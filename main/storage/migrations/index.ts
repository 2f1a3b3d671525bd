import type { Migration } from '../migrate';
import { base } from './001-base';
import { alertHistory } from './009-alert-history';

/**
 * Every schema step, oldest first. Version numbers are fixed per area so that areas can grow apart:
 * 1 base, 2 outbox and created cameras, 3 templates, 4 token history, 5 agents (watch lists, alerts, shortcuts, device
 * cache), 6 dashboard cache, 7 analytics drafts, 8 profiles; later steps take 9 onwards.
 */
export const migrations: readonly Migration[] = [base, alertHistory];
