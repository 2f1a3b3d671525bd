import { z } from 'zod';
import { fieldMessage } from './messages/field-message';
import { channel } from './channel';
import type { MessageKey } from './messages';

/**
 * The analytics task editor: operation 7 (PUT /api/streams/{uid}/?format=json&stream={uid}), which deletes the task
 * and creates a new one from the body. Main keeps, per task, the operator's named drafts and the bodies sent.
 *
 * The body crosses the door as the operator's whole JSON object: members the editor does not know (other Pipeline
 * keys, Regions, a shape's Name…) travel unchanged. Only what the spec states is checked here (required members
 * and their types); CaseType values, ScoreThreshold's range and the shape of Areas/Fences elements are not shown in
 * the spec, so they are left to the server to judge.
 */

/** The bodies sent per task that are kept, newest first. */
export const MAX_SENT_PER_TASK = 10;
/** Named drafts per task. */
export const MAX_DRAFTS_PER_TASK = 50;

/**
 * Case types in the vendor's documentation (kebab-case) and the built-in simulator, offered as suggestions only: the spec does
 * not list the allowed values, so the field accepts any text and the server decides.
 */
export const knownCaseTypes = [
  'face-recognition',
  'license-plate-recognition',
  'line-crossing',
  'intrusion-detection',
  'people-counting',
  'camera-obstacle',
] as const;

export const taskUidSchema = z
  .string({ error: fieldMessage('validation.common.taskUidRequired') })
  .trim()
  .min(1, { error: fieldMessage('validation.common.taskUidRequired') });

/** Any JSON object; its members are checked by checkTaskBody, not here, so unknown ones pass through. */
export const taskDocumentSchema = z.record(z.string(), z.unknown(), { error: fieldMessage('validation.analytics.taskBodyObject') });
export type TaskDocument = z.infer<typeof taskDocumentSchema>;

const draftName = z
  .string({ error: fieldMessage('validation.analytics.draftNameRequired') })
  .trim()
  .min(1, { error: fieldMessage('validation.analytics.draftNameRequired') })
  .max(120, { error: fieldMessage('validation.analytics.draftNameTooLong') });

/** A body sent for a task from this console: what the platform built the task from at that moment. */
export interface SentBody {
  uid: string;
  body: TaskDocument;
  sentAt: string;
  profileName: string;
}

export interface TaskDraft {
  uid: string;
  name: string;
  body: TaskDocument;
  savedAt: string;
}

/** What this console keeps for one task. */
export interface TaskWork {
  uid: string;
  drafts: TaskDraft[];
  /** Bodies sent for this task on the active server, newest first. */
  sent: SentBody[];
  /** Session-only vault: drafts and sent bodies are kept in memory until Watchdesk closes. */
  sessionOnly: boolean;
}

export interface UpdateResult {
  uid: string;
  sentAt: string;
  profileName: string;
  /** Set when the task was replaced but the body could not be kept for putting it back. */
  keepWarning: string | null;
  work: TaskWork;
}

// ---------------------------------------------------------------------------------------------------------------
// What the spec says about the body, checked on both sides of the door (live in the form, and in main before sending)

export interface BodyIssue {
  /** The member, dotted as the server names it in its field errors (`Source.Uid`). */
  path: string;
  key: MessageKey;
}

function member(doc: Record<string, unknown>, path: readonly string[]): { present: boolean; value: unknown } {
  let node: unknown = doc;
  for (const key of path) {
    if (typeof node !== 'object' || node === null || Array.isArray(node) || !Object.prototype.hasOwnProperty.call(node, key)) {
      return { present: false, value: undefined };
    }
    node = (node as Record<string, unknown>)[key];
  }
  return { present: true, value: node };
}

const requiredText: Array<{ path: readonly string[]; key: MessageKey }> = [
  { path: ['CaseType'], key: 'analytics.check.caseTypeRequired' },
  { path: ['CameraGroupUid'], key: 'analytics.check.cameraGroupRequired' },
  { path: ['Source', 'Uid'], key: 'analytics.check.sourceUidRequired' },
  { path: ['Source', 'Url'], key: 'analytics.check.sourceUrlRequired' },
];

const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The body's problems by the spec's table: the four required strings, Collections a list of uid strings,
 * ScoreThreshold a number, Source/Pipeline/Detector objects, Fences and Areas lists. `null` in an optional member
 * is reported too: the spec does not say the server takes it as "not given".
 */
export function checkTaskBody(doc: Record<string, unknown>): BodyIssue[] {
  const issues: BodyIssue[] = [];
  for (const container of [['Source'], ['Pipeline'], ['Pipeline', 'Detector']] as const) {
    const found = member(doc, container);
    if (found.present && !isObject(found.value)) issues.push({ path: container.join('.'), key: 'analytics.check.notObject' });
  }
  for (const { path, key } of requiredText) {
    const { value } = member(doc, path);
    if (typeof value !== 'string' || value.trim() === '') issues.push({ path: path.join('.'), key });
  }
  const collections = member(doc, ['Collections']);
  if (collections.present) {
    if (!Array.isArray(collections.value)) issues.push({ path: 'Collections', key: 'analytics.check.collectionsList' });
    else if (collections.value.some((uid) => typeof uid !== 'string' || uid.trim() === '')) issues.push({ path: 'Collections', key: 'analytics.check.collectionsUid' });
  }
  const threshold = member(doc, ['Pipeline', 'Detector', 'ScoreThreshold']);
  if (threshold.present && (typeof threshold.value !== 'number' || !Number.isFinite(threshold.value))) {
    issues.push({ path: 'Pipeline.Detector.ScoreThreshold', key: 'analytics.check.thresholdNumber' });
  }
  for (const name of ['Fences', 'Areas'] as const) {
    const list = member(doc, ['Pipeline', name]);
    if (list.present && !Array.isArray(list.value)) issues.push({ path: `Pipeline.${name}`, key: 'analytics.check.shapesList' });
  }
  return issues;
}

export const updateTaskSchema = z.object({ uid: taskUidSchema, body: taskDocumentSchema });
const uidOnly = z.object({ uid: taskUidSchema });

export const analyticsChannels = {
  /** Operation 7: replaces the task with one built from `body` (the whole body is sent as given). */
  'analytics.update': channel<UpdateResult>()(updateTaskSchema),
  /** Drafts and sent bodies kept for a task. */
  'analytics.work': channel<TaskWork>()(uidOnly),
  'analytics.saveDraft': channel<TaskWork>()(z.object({ uid: taskUidSchema, name: draftName, body: taskDocumentSchema })),
  'analytics.deleteDraft': channel<TaskWork>()(z.object({ uid: taskUidSchema, name: draftName })),
};
