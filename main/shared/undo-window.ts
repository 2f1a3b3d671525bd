/**
 * How long a delete that keeps what it took in memory or behind a watermark can be undone: a server profile (its API
 * token held in main's memory until then) and the token history's clear. The questions and the notes say "10 minutes".
 */
export const UNDO_WINDOW_MS = 10 * 60_000;
