import { z } from 'zod';
import { fieldMessage } from '../../messages/field-message';

/** Wire schemas of one platform API operation, Analytics task update; the leniency rules are in ../platform.ts. */

/**
 * Every object is loose: members the spec does not list (other Pipeline keys, Regions, a vendor's extras) are sent
 * as the operator wrote them, never dropped on the way out.
 */
export const analyticsTaskBodySchema = z
  .object({
    Collections: z.array(z.string().min(1)).optional(),
    CaseType: z.string().trim().min(1, fieldMessage('validation.analytics.caseTypeRequired')),
    CameraGroupUid: z.string().trim().min(1, fieldMessage('validation.analytics.cameraGroupRequired')),
    Source: z
      .object({
        Uid: z.string().trim().min(1, fieldMessage('validation.analytics.sourceUidRequired')),
        Url: z.string().trim().min(1, fieldMessage('validation.analytics.sourceUrlRequired')),
      })
      .loose(),
    Pipeline: z
      .object({
        Detector: z.object({ ScoreThreshold: z.number().optional() }).loose().optional(),
        /** Element shape: not shown. */
        Fences: z.array(z.unknown()).optional(),
        Areas: z.array(z.unknown()).optional(),
      })
      .loose()
      .optional(),
  })
  .loose();
export type AnalyticsTaskBody = z.infer<typeof analyticsTaskBodySchema>;

export const analyticsTaskUidSchema = z.string().trim().min(1, fieldMessage('validation.common.taskUidRequired'));
