import type { z } from 'zod';
import { dashboardSchema, mediaServerEntrySchema } from '../../preload/contract/wire/platform';
import { serverCheck } from './answer-store';

/** Issues a refusal carries: the sentence names the first and counts the others among these. */
export const MAX_ANSWER_ISSUES = 20;

type Issue = z.core.$ZodIssue;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The first wrong fields of an answer that failed the check, as zod names them over the whole answer, without naming
 * all of them: 50,000 empty objects as media servers (150 kB) are 1,250,000 missing fields, which took the answer
 * thread over ten seconds and a gigabyte to list (a 3 MB answer of them would take it down). zod reports the servers'
 * fields after every other (the list is the last member of the last object it checks), in the list's order, so the
 * figures are checked with the list left empty, then the servers one by one until there are enough.
 */
export function firstIssues(json: unknown): Issue[] {
  const media = isRecord(json) ? json.mediaservers : undefined;
  const list = isRecord(media) ? media.top_by_bitrate : undefined;
  if (!isRecord(json) || !isRecord(media) || !Array.isArray(list)) return issuesOf(dashboardSchema.safeParse(json));
  // Copies of the two objects only: the servers stay where they are.
  const issues = issuesOf(dashboardSchema.safeParse({ ...json, mediaservers: { ...media, top_by_bitrate: [] } }));
  for (let index = 0; index < list.length && issues.length < MAX_ANSWER_ISSUES; index += 1) {
    if (serverCheck().validate(list[index])) continue;
    for (const issue of issuesOf(mediaServerEntrySchema.safeParse(list[index]))) {
      issues.push({ ...issue, path: ['mediaservers', 'top_by_bitrate', index, ...issue.path] });
    }
  }
  return issues.slice(0, MAX_ANSWER_ISSUES);
}

function issuesOf(checked: z.ZodSafeParseResult<unknown>): Issue[] {
  return checked.success ? [] : [...checked.error.issues];
}
