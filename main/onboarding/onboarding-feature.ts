import type { Feature } from '../app/feature';
import type { AppServices } from '../app/services';
import type { KnownPlacement, onboardingChannels } from '../../preload/contract/onboarding';
import type { OutboxHolderOptions } from '../outbox/outbox-holder';
import { createCameraOutbox } from './camera-outbox';
import { createCreatedService } from './created-service';
import { createImportService } from './import-service';
import { createOutboxService } from './outbox-service';
import { createSubmitService } from './submit-service';
import { createSuggestionService } from './suggestion-service';
import { createTemplateService } from './template-service';
import { createTemplateStore } from './template-store';
import { createUndoService } from './undo-service';

export interface OnboardingFeatureOptions {
  /** Runner knobs; tests shorten the backoff. */
  tuning?: OutboxHolderOptions['tuning'];
  /** How long "Create now" waits for the first answer before leaving the camera in the outbox. */
  createNowWaitMs?: number;
  /** The built-in demo server's tree elements and folders, when it runs (the composition root passes them). */
  demoPlacements?: () => KnownPlacement[];
}

/**
 * Camera onboarding (see preload/contract/onboarding.ts): the wizard's submissions, templates, bulk import, the list
 * of created cameras, and the outbox they all go through, which keeps sending in the background and pushes its
 * summary (`outbox.changed`) and each import's progress (`onboarding.importProgress`) on every change.
 */
export function createOnboardingFeature(services: AppServices, options: OnboardingFeatureOptions = {}): Feature<typeof onboardingChannels> {
  const outbox = createCameraOutbox(services, options.tuning);
  const submits = createSubmitService(outbox, services.connections, options.createNowWaitMs);
  const imports = createImportService(outbox, services.connections, (status) => services.events.emit('onboarding.importProgress', status));
  const entries = createOutboxService(outbox);
  const created = createCreatedService(outbox);
  const templates = createTemplateService(createTemplateStore(services.storage, services.vault, services.sealer));
  const suggestions = createSuggestionService({ recent: created.recent, templates: templates.list, connections: services.connections, demoPlacements: options.demoPlacements });
  const undo = createUndoService(outbox, imports, templates);

  return {
    handlers: {
      'onboarding.submit': (input, context) => submits.submit(input, context.signal),
      'onboarding.awaitAnswer': ({ id }, context) => submits.awaitAnswer(id, context.signal),
      'onboarding.suggestions': () => suggestions.suggestions(),
      'onboarding.templates': () => templates.list(),
      'onboarding.saveTemplate': (input) => templates.save(input),
      'onboarding.deleteTemplate': ({ id }) => templates.remove(id),
      'onboarding.exportTemplates': ({ includePasswords }) => templates.exportFile(includePasswords),
      'onboarding.importTemplates': ({ json }) => templates.importFile(json),
      'onboarding.importStart': ({ requests, existing }) => imports.start(requests, existing),
      'onboarding.importStatus': ({ importId }) => imports.status(importId),
      'onboarding.runningImport': () => imports.running(),
      'onboarding.importCancel': ({ importId }) => imports.cancel(importId),
      'onboarding.created': (input) => created.list(input?.search ?? '', input?.limit ?? 2_000),
      'onboarding.exportCreatedCsv': ({ search }) => created.exportCsv(search),
      'onboarding.undo': async ({ undo: token }) => ({ restored: await undo.undo(token) }),
      'outbox.list': () => entries.list(),
      'outbox.summary': () => entries.summary(),
      'outbox.get': ({ id }) => entries.get(id),
      'outbox.retry': ({ id }) => entries.retry(id),
      'outbox.discard': ({ id }) => entries.discard(id),
      'outbox.clearCreated': () => entries.clearCreated(),
    },
    async dispose() {
      imports.dispose();
      await outbox.dispose();
    },
  };
}
