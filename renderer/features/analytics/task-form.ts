import type { BodyIssue } from '../../../preload/contract/analytics';
import type { MessageKey, MessageValues } from '../../../preload/contract/messages';

/** The error keys of the form: the task identifier and the body's members, dotted as the server names them. */
export const formFields = [
  'uid',
  'CaseType',
  'CameraGroupUid',
  'Source',
  'Source.Uid',
  'Source.Url',
  'Collections',
  'Pipeline',
  'Pipeline.Detector',
  'Pipeline.Detector.ScoreThreshold',
  'Pipeline.Areas',
  'Pipeline.Fences',
] as const;
export type FormField = (typeof formFields)[number];

export function isFormField(path: string): path is FormField {
  return (formFields as readonly string[]).includes(path);
}

/** Collections as typed: one uid per line, blank lines ignored. */
export function parseCollections(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** A threshold as typed: empty is "none"; a comma is read as the decimal point; anything else that is not a number is refused. */
export function parseThreshold(text: string): { ok: true; value: number | null } | { ok: false } {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return { ok: true, value: null };
  const value = Number(trimmed);
  return Number.isFinite(value) && /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(trimmed) ? { ok: true, value } : { ok: false };
}

/** The body's problems by field, first message each (the caller translates the keys). */
export function issuesByField(issues: readonly BodyIssue[]): Map<string, BodyIssue['key']> {
  const byField = new Map<string, BodyIssue['key']>();
  for (const issue of issues) if (!byField.has(issue.path)) byField.set(issue.path, issue.key);
  return byField;
}

/** What the review needs to know besides the body: the identifier, text boxes that do not parse, and the baseline. */
export interface ReviewInput {
  uid: string;
  issues: readonly BodyIssue[];
  /** Form fields whose typed text is not the body's value because it does not parse (e.g. a threshold "abc"). */
  unparsed: ReadonlySet<FormField>;
  caseType: string;
  /** The case type of the task as loaded (or last sent from here), and where that body came from. */
  baseline: { caseType: string; source: 'start' | 'sent' };
}

export type ReviewProblem = { key: MessageKey; values?: MessageValues };

/**
 * The problems that stop the review before anything is presented as ready to send: a value typed that is not what
 * the body would carry, the body's own problems, and a case type other than the task's (the platform refuses that
 * change, so it is said here rather than after the server's answer). A case type other than that of a body loaded
 * from a draft or a file is only a warning (`caseTypeWarning`): the server's own task may have either.
 */
export function reviewProblems(input: ReviewInput): { errors: Partial<Record<FormField, ReviewProblem>>; caseTypeWarning: ReviewProblem | null } {
  const errors: Partial<Record<FormField, ReviewProblem>> = {};
  if (input.uid.trim() === '') errors.uid = { key: 'analytics.check.uidRequired' };
  if (input.unparsed.has('Pipeline.Detector.ScoreThreshold')) errors['Pipeline.Detector.ScoreThreshold'] = { key: 'analytics.check.thresholdNumber' };
  for (const [path, key] of issuesByField(input.issues)) if (isFormField(path)) errors[path] ??= { key };
  const before = input.baseline.caseType.trim();
  const now = input.caseType.trim();
  let caseTypeWarning: ReviewProblem | null = null;
  if (before !== '' && now !== '' && before !== now) {
    const problem: ReviewProblem = { key: 'analytics.check.caseTypeChanged', values: { before, after: now } };
    if (input.baseline.source === 'sent') errors.CaseType ??= problem;
    else caseTypeWarning = { key: 'analytics.check.caseTypeChangedLoaded', values: { before, after: now } };
  }
  return { errors, caseTypeWarning };
}
