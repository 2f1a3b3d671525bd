import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { AppServices } from '../app/services';
import type { Feature } from '../app/feature';
import { maskedRequest } from '../../preload/contract/camera/camera-draft';
import {
  onboardingChannels,
  templateSchema,
  type CameraCreateRequest,
  type CameraTemplate,
  type ImportStatus,
  type KnownPlacement,
  type OutboxEntry,
  type OutboxSummary,
  type OutboxView,
  type SubmitResult,
  type Suggestions,
} from '../../preload/contract/onboarding';
import { createOutboxHolder, type OutboxHolderOptions } from '../outbox/outbox-holder';
import type { Outbox } from '../outbox/outbox';
import { AppFailure } from '../shared/app-failure';
import { t } from '../shared/i18n';
import { issueMessage } from '../shared/zod-errors';
import { createdCameraOf, createdToCsv, searchCreated } from './created-cameras';
import { checkedRequest, fieldErrorsOf, requireValid } from './request-check';
import { createTemplateStore } from './template-store';

export interface OnboardingFeatureOptions {
  /** Runner knobs; tests shorten the backoff. */
  tuning?: OutboxHolderOptions['tuning'];
  /** How long "Create now" waits for the first answer before leaving the camera in the outbox. */
  createNowWaitMs?: number;
  /** The built-in demo server's tree elements and folders, when it runs (the composition root passes them). */
  demoPlacements?: () => KnownPlacement[];
}

const masked = (entry: OutboxEntry): OutboxEntry => ({ ...entry, request: maskedRequest(entry.request) });

/**
 * What "Create now" tells the installer: created, held, or a 422 as the entry with its field errors (keys are the
 * request's paths: the wizard puts each on its field and keeps editing this entry); anything else is still queued.
 */
function answerOf(settled: OutboxEntry): SubmitResult {
  const outcome = settled.state === 'created' || settled.state === 'held' || settled.state === 'needs-fixing' ? settled.state : 'queued';
  return { entry: masked(settled), outcome };
}
const SUGGESTIONS = 20;

/**
 * Camera onboarding: the wizard's submissions, templates, bulk import, the results list, and the outbox they all go
 * through. The outbox keeps sending in the background; its summary is pushed to the header on every change.
 */
export function createOnboardingFeature(services: AppServices, options: OnboardingFeatureOptions = {}): Feature<typeof onboardingChannels> {
  const { connections, vault } = services;
  const listeners = new Set<(summary: OutboxSummary) => void>();
  /** Long-polls (import progress) wake on any change. */
  let wake: Array<() => void> = [];
  /** How long "Create now" waits for the server before it says the camera is in the outbox. */
  const createNowWaitMs = options.createNowWaitMs ?? 20_000;
  const holder = createOutboxHolder({
    dataDir: services.dataDir,
    vault,
    ...(options.tuning ? { tuning: options.tuning } : {}),
    send: async (entry, signal) => {
      const { client } = await connections.forProfile(entry.profileId);
      return client.createCamera(entry.request, { signal });
    },
    onChange: (summary) => {
      services.events.emit('outbox.changed', summary);
      for (const listener of listeners) listener(summary);
      const waiting = wake;
      wake = [];
      for (const resolve of waiting) resolve();
    },
  });
  const templates = createTemplateStore(services.dataDir, vault);
  const cancelledByImport = new Map<string, number>();
  // Entries saved last time start sending as soon as the console runs (a keychain not ready yet is retried on use).
  void holder.get().catch(() => undefined);

  const changed = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });

  function view(outbox: Outbox): OutboxView {
    const entries = outbox
      .entries()
      .filter((entry) => entry.clearedAt === null)
      .reverse()
      .map(masked);
    return { entries, summary: outbox.summary() };
  }

  function externalIdTaken(outbox: Outbox, externalId: string | undefined, except?: string): boolean {
    if (!externalId) return false;
    return outbox.entries().some((entry) => entry.id !== except && entry.request.external_id === externalId);
  }

  function importStatus(outbox: Outbox, importId: string): ImportStatus {
    const status: ImportStatus = { importId, total: 0, created: 0, needsFixing: 0, held: 0, waiting: 0, cancelled: cancelledByImport.get(importId) ?? 0, done: false };
    for (const entry of outbox.entries()) {
      if (entry.importId !== importId) continue;
      status.total += 1;
      if (entry.state === 'created') status.created += 1;
      else if (entry.state === 'needs-fixing') status.needsFixing += 1;
      else if (entry.state === 'held') status.held += 1;
      else status.waiting += 1;
    }
    if (status.total === 0 && status.cancelled === 0) throw new AppFailure('NotFound', t('onboarding.errors.importNotFound'));
    status.total += status.cancelled;
    status.done = status.waiting === 0;
    return status;
  }

  function suggestions(outbox: Outbox, saved: CameraTemplate[]): Suggestions {
    const groups = new Map<string, { by: 'id' | 'key'; value: string }>();
    const folders = new Map<string, { by: 'id' | 'key'; value: string }>();
    const servicesSeen = new Set<string>();
    const add = (request: Partial<CameraCreateRequest>) => {
      if (request.group_id !== undefined) groups.set(`id:${request.group_id}`, { by: 'id', value: String(request.group_id) });
      if (request.group_external_id !== undefined) groups.set(`key:${request.group_external_id}`, { by: 'key', value: String(request.group_external_id) });
      if (request.folder_id !== undefined) folders.set(`id:${request.folder_id}`, { by: 'id', value: String(request.folder_id) });
      if (request.folder_key !== undefined) folders.set(`key:${request.folder_key}`, { by: 'key', value: String(request.folder_key) });
      if (request.service) servicesSeen.add(request.service);
    };
    // Only values the server accepted (a create succeeded) or the installer saved on purpose (a template).
    const created = outbox.entries().filter((entry) => entry.state === 'created');
    for (const entry of created.slice(-200).reverse()) add(entry.request);
    for (const template of saved) add(template.values);
    return {
      groups: [...groups.values()].slice(0, SUGGESTIONS),
      folders: [...folders.values()].slice(0, SUGGESTIONS),
      services: [...servicesSeen].slice(0, SUGGESTIONS),
      demoPlacements: [],
    };
  }

  /** The demo server's placements, only while the demo profile is the active one (another server has other ones). */
  async function demoPlacements(): Promise<KnownPlacement[]> {
    if (!options.demoPlacements) return [];
    const active = await connections.active().catch(() => null);
    return active?.profile.kind === 'demo' ? options.demoPlacements() : [];
  }

  const handlers: Feature<typeof onboardingChannels>['handlers'] = {
    async 'onboarding.submit'({ request, send, entryId }, context) {
      const clean = requireValid(request);
      // The external id is what makes a retry after a lost answer safe: every camera gets one.
      clean.external_id ??= randomUUID();
      const outbox = await holder.get();
      if (externalIdTaken(outbox, clean.external_id, entryId)) {
        throw new AppFailure('Validation', t('onboarding.errors.invalid'), { fieldErrors: { external_id: [t('onboarding.errors.duplicateExternalId')] } });
      }
      let entry: OutboxEntry;
      if (entryId) {
        const existing = outbox.get(entryId);
        if (!existing) throw new AppFailure('NotFound', t('onboarding.errors.notFound'));
        if (existing.state === 'sending' || existing.state === 'created') throw new AppFailure('Conflict', t('onboarding.errors.notEditable'));
        entry = await outbox.edit(entryId, clean);
      } else {
        const { profile } = await connections.active();
        [entry] = (await outbox.enqueue([clean], { profileId: profile.id, profileName: profile.name })) as [OutboxEntry];
      }
      if (send === 'outbox') return { entry: masked(entry), outcome: 'queued' };
      return answerOf(await outbox.settled(entry.id, createNowWaitMs, context.signal));
    },

    async 'onboarding.awaitAnswer'({ id }, context) {
      const outbox = await holder.get();
      if (!outbox.get(id)) throw new AppFailure('NotFound', t('onboarding.errors.notFound'));
      return answerOf(await outbox.settled(id, createNowWaitMs, context.signal));
    },

    async 'onboarding.suggestions'() {
      const [outbox, saved, demo] = await Promise.all([holder.get(), templates.list().catch(() => []), demoPlacements()]);
      return { ...suggestions(outbox, saved), demoPlacements: demo };
    },

    'onboarding.templates': () => templates.list(),

    async 'onboarding.saveTemplate'(input) {
      return templates.save(input);
    },

    async 'onboarding.deleteTemplate'({ id }) {
      await templates.remove(id);
      return null;
    },

    async 'onboarding.exportTemplates'({ includePasswords }) {
      const list = await templates.list();
      const out = list.map((template) => {
        if (includePasswords || !template.values.onvif_credentials) return template;
        const { password: _password, ...rest } = template.values.onvif_credentials;
        return { ...template, values: { ...template.values, onvif_credentials: rest } };
      });
      const json = JSON.stringify({ format: 'watchdesk-camera-templates', version: 1, templates: out }, null, 2);
      return { json, filename: `camera-templates-${new Date().toISOString().slice(0, 10)}.json`, count: out.length };
    },

    async 'onboarding.importTemplates'({ json }) {
      let data: unknown;
      try {
        data = JSON.parse(json);
      } catch {
        throw new AppFailure('Validation', t('onboarding.errors.templateFile', { reason: 'not JSON' }), { fieldErrors: { json: [t('onboarding.errors.templateFile', { reason: 'not JSON' })] } });
      }
      const parsed = z
        .object({ format: z.literal('watchdesk-camera-templates'), templates: z.array(templateSchema.omit({ id: true, updatedAt: true }).loose()) })
        .safeParse(data);
      if (!parsed.success) {
        const reason = parsed.error.issues[0] ? `${parsed.error.issues[0].path.join('.') || 'file'}: ${issueMessage(parsed.error.issues[0])}` : 'unknown shape';
        throw new AppFailure('Validation', t('onboarding.errors.templateFile', { reason }), { fieldErrors: { json: [t('onboarding.errors.templateFile', { reason })] } });
      }
      const existing = await templates.list();
      const saved: CameraTemplate[] = [];
      for (const template of parsed.data.templates) {
        const same = existing.find((e) => e.name === template.name);
        saved.push(await templates.save({ ...(same ? { id: same.id } : {}), name: template.name, values: template.values }));
      }
      return saved;
    },

    async 'onboarding.importStart'({ requests }) {
      const outbox = await holder.get();
      const fieldErrors: Record<string, string[]> = {};
      const seen = new Set<string>();
      const clean = requests.map((request, row) => {
        const checked = checkedRequest(request);
        for (const [field, messages] of Object.entries(fieldErrorsOf(checked.problems))) fieldErrors[`requests.${row}.${field}`] = messages;
        checked.request.external_id ??= randomUUID();
        const id = checked.request.external_id;
        if (seen.has(id) || externalIdTaken(outbox, id)) fieldErrors[`requests.${row}.external_id`] = [t('onboarding.errors.duplicateExternalId')];
        seen.add(id);
        return checked.request;
      });
      if (Object.keys(fieldErrors).length > 0) throw new AppFailure('Validation', t('onboarding.errors.invalid'), { fieldErrors });
      const { profile } = await connections.active();
      const importId = randomUUID();
      await outbox.enqueue(clean, { profileId: profile.id, profileName: profile.name, importId });
      return importStatus(outbox, importId);
    },

    async 'onboarding.importStatus'({ importId, waitMs }) {
      const outbox = await holder.get();
      const now = importStatus(outbox, importId);
      if (now.done || waitMs === 0) return now;
      await changed(waitMs);
      return importStatus(outbox, importId);
    },

    async 'onboarding.importCancel'({ importId }) {
      const outbox = await holder.get();
      // Only what certainly has not reached the server: an entry that may have created its camera must finish.
      const unsent = outbox.entries().filter((entry) => entry.importId === importId && (entry.state === 'queued' || (entry.state === 'retrying' && !entry.maybeCreated)));
      if (unsent.length > 0) await outbox.discard(unsent.map((entry) => entry.id));
      cancelledByImport.set(importId, (cancelledByImport.get(importId) ?? 0) + unsent.length);
      return importStatus(outbox, importId);
    },

    async 'onboarding.created'(input) {
      const outbox = await holder.get();
      const all = outbox.entries().filter((entry) => entry.state === 'created').map(createdCameraOf);
      const matched = searchCreated(all, input?.search ?? '');
      return { cameras: matched.slice(0, input?.limit ?? 2_000), total: all.length, matched: matched.length };
    },

    async 'onboarding.exportCreatedCsv'({ search }) {
      const outbox = await holder.get();
      const cameras = searchCreated(outbox.entries().filter((entry) => entry.state === 'created').map(createdCameraOf), search);
      return { csv: createdToCsv(cameras), filename: `created-cameras-${new Date().toISOString().slice(0, 10)}.csv`, rows: cameras.length };
    },

    async 'outbox.list'() {
      return view(await holder.get());
    },

    async 'outbox.summary'() {
      return (await holder.get()).summary();
    },

    async 'outbox.get'({ id }) {
      const entry = (await holder.get()).get(id);
      if (!entry) throw new AppFailure('NotFound', t('onboarding.errors.notFound'));
      return entry;
    },

    async 'outbox.retry'({ id }) {
      const outbox = await holder.get();
      await outbox.retry(id);
      return view(outbox);
    },

    async 'outbox.discard'({ id }) {
      const outbox = await holder.get();
      await outbox.discard([id]);
      return view(outbox);
    },

    async 'outbox.clearCreated'() {
      const outbox = await holder.get();
      await outbox.clearCreated();
      return view(outbox);
    },
  };

  return {
    handlers,
    /** For the event bridge and tests: called with the summary after every change. */
    onOutboxChange(listener: (summary: OutboxSummary) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    outbox: () => holder.get(),
    dispose: () => holder.dispose(),
  } as Feature<typeof onboardingChannels> & OnboardingExtras;
}

export interface OnboardingExtras {
  onOutboxChange(listener: (summary: OutboxSummary) => void): () => void;
  outbox(): Promise<Outbox>;
}
