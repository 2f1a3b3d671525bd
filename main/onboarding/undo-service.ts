import { AppFailure } from '../shared/app-failure';
import { said } from '../shared/i18n';
import type { CameraOutbox } from './camera-outbox';
import type { ImportService } from './import-service';
import type { TemplateService } from './template-service';

/**
 * Runs an undo an earlier answer gave: `discard:<mark>` (entries removed), `clear:<time>` ("Clear created"),
 * `import:<import id>:<mark>` (an import's cancel) or `template:<id>` (a template deleted). Answers how many came back.
 */
export function createUndoService(outbox: CameraOutbox, imports: Pick<ImportService, 'undoCancel'>, templates: Pick<TemplateService, 'undoRemove'>) {
  return {
    async undo(token: string): Promise<number> {
      const [kind, ...rest] = token.split(':');
      const what = rest.join(':');
      if (kind === 'discard' || kind === 'clear') return (await outbox.get()).undo(kind, what);
      if (kind === 'import') {
        const [importId, ...mark] = rest;
        if (importId && mark.length > 0) return imports.undoCancel(importId, mark.join(':'));
      }
      if (kind === 'template') return templates.undoRemove(what);
      throw new AppFailure('Validation', said('onboarding.errors.nothingToUndo'));
    },
  };
}
