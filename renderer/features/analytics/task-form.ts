import type { BodyIssue } from '../../../preload/contract/analytics';

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
