import { AppFailure, isAppFailure } from '../shared/app-failure';
import { t } from '../shared/i18n';

/**
 * Places what the platform said about an update next to the field it concerns.
 * - 404: the task identifier (spec: no task with this identifier).
 * - A CaseType the server refuses: the spec does not show that response. The simulator answers 409 with
 *   errors.CaseType; a server might as well answer 400/422 naming CaseType. Both land on the CaseType field.
 * - 422: the server's field keys are dotted body paths (`Source.Uid`); the form shows those it has, and the
 *   query parameter `stream` is the task identifier field.
 */
export function taskUpdateFailure(error: unknown, uid: string): unknown {
  if (!isAppFailure(error)) return error;
  const e = error.appError;
  switch (e.kind) {
    case 'NotFound': {
      const sentence = t('analytics.errors.noTask', { uid });
      return new AppFailure(e, { message: sentence, fieldErrors: { uid: [sentence] } });
    }
    case 'Conflict': {
      const sentence = t('analytics.errors.caseTypeRefused', { uid });
      return new AppFailure(e, { message: sentence, fieldErrors: { CaseType: [sentence] } });
    }
    case 'Validation': {
      const fieldErrors = { ...e.fieldErrors };
      const stream = fieldErrors.stream;
      if (stream) {
        delete fieldErrors.stream;
        fieldErrors.uid = [...(fieldErrors.uid ?? []), ...stream];
      }
      const caseType = fieldErrors.CaseType?.[0];
      const message = caseType
        ? t('analytics.errors.caseTypeRefusedServer', { reason: caseType })
        : Object.keys(fieldErrors).length > 0
          ? t('analytics.errors.serverFields')
          : e.message;
      return new AppFailure(e, { message, fieldErrors });
    }
    default:
      return error;
  }
}
