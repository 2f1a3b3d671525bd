import type { AppErrorKind } from '../../preload/contract/app-error';
import { AppFailure, isAppFailure } from '../shared/app-failure';
import { said, say, t } from '../shared/i18n';

/** Failures after which the last copy seen is served (marked stale) and a watch list pauses instead of stopping. */
const unreachableKinds = new Set<AppErrorKind>(['Offline', 'Timeout', 'Unavailable']);

export function isUnreachable(error: unknown): boolean {
  return isAppFailure(error) && unreachableKinds.has(error.kind);
}

/** Failures that no further poll can fix: the token or its permission. A watch list stops on them. */
export function isAuthRefusal(error: unknown): boolean {
  return isAppFailure(error) && (error.kind === 'Unauthorized' || error.kind === 'Forbidden');
}

/** The server's own reason in a 422 answer: the first message of its field errors (the `message` is not informative). */
function serverReason(fieldErrors: Record<string, string[]>): string | null {
  for (const reasons of Object.values(fieldErrors)) {
    const first = reasons.find((r) => r.trim() !== '');
    if (first) return first.trim();
  }
  return null;
}

/**
 * A look-up failure in the words of this screen. 401 carries the 'open-connect' action; 403 names the permission
 * and where it is granted; 422 quotes the server's reason next to the id field; 404 says the number is unknown.
 */
export function lookupFailure(error: unknown, id: string): unknown {
  if (!isAppFailure(error)) return error;
  const e = error.appError;
  switch (e.kind) {
    case 'Unauthorized': {
      const sentence = e.data?.reason === 'no-token' ? said('agents.errors.noToken') : said('agents.errors.unauthorized');
      return new AppFailure(e, { message: sentence, action: 'open-connect' });
    }
    case 'Forbidden':
      return new AppFailure(e, { message: said('agents.errors.forbidden') });
    case 'Validation': {
      const reason = serverReason(e.fieldErrors);
      const sentence = reason ? said('agents.errors.invalidId', { id, reason }) : said('agents.errors.invalidIdNoReason', { id });
      return new AppFailure(e, { message: sentence, fieldErrors: { id: [say(sentence)] } });
    }
    case 'NotFound': {
      const sentence = said('agents.errors.notFound', { id });
      return new AppFailure(e, { message: sentence, fieldErrors: { id: [say(sentence)] } });
    }
    case 'Offline':
    case 'Timeout':
    case 'Unavailable':
      return new AppFailure(e, { message: said('agents.errors.unreachable', { detail: e.said ?? e.message }) });
    default:
      return error;
  }
}

/** One sentence for a watch-list row that could not be read. */
export function rowError(error: unknown): { message: string; kind: AppErrorKind } {
  if (isAppFailure(error)) return { message: error.appError.message, kind: error.kind };
  return { message: t('agents.errors.rowFailed', { reason: error instanceof Error ? error.name : 'unknown' }), kind: 'Internal' };
}
