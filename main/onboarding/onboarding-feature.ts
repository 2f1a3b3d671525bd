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
import { checkImport, refuseKnownCamera } from './import-check';
import { AppFailure } from '../shared/app-failure';
import { t } from '../shared/i18n';
import { issueMessage } from '../shared/zod-errors';
import { createCreatedList, createdToCsv, searchCreated } from './created-cameras';
import { requireValid } from './request-check';
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
const SHOWN = 300;

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
    storage: services.storage,
    sealer: services.sealer,
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
  const templates = createTemplateStore(services.storage, vault, services.sealer);
  /** Per import: rows cancelled and rows not queued because the camera exists. */
  const importExtras = new Map<string, { cancelled: number; skipped: number }>();
  let created: ReturnType<typeof createCreatedList> | null = null;
  let createdFor: Outbox | null = null;
  // Entries saved last time start sending as soon as the console runs (a keychain not ready yet is retried on use).
  void holder.get().catch(() => undefined);
  // The connection check reached the server: the outbox stops waiting for its own next probe.
  const stopListening = services.events.listen((event) => {
    if (event.name !== 'connection.changed' || !(event.payload as { ok?: boolean }).ok) return;
    void holder.get().then((outbox) => outbox.wake(), () => undefined);
  });

  const changed = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });

  function createdList(outbox: Outbox) {
    if (!created || createdFor !== outbox) {
      created = createCreatedList(() => outbox.repository);
      createdFor = outbox;
    }
    return created;
  }

  function view(outbox: Outbox, undo?: string): OutboxView {
    const { entries, total } = outbox.repository.visible(SHOWN);
    return { entries: entries.map((entry) => masked(outbox.get(entry.id) ?? entry)), total, summary: outbox.summary(), ...(undo ? { undo } : {}) };
  }

  function importStatus(outbox: Outbox, importId: string): ImportStatus {
    const counts = outbox.repository.importCounts(importId);
    const extras = importExtras.get(importId);
    const queued = Object.values(counts).reduce((a, b) => a + b, 0);
    if (queued === 0 && !extras) throw new AppFailure('NotFound', t('onboarding.errors.importNotFound'));
    const waiting = counts.queued + counts.sending + counts.retrying;
    const cancelled = extras?.cancelled ?? 0;
    return { importId, total: queued + cancelled, created: counts.created, needsFixing: counts['needs-fixing'], held: counts.held, waiting, cancelled, skipped: extras?.skipped ?? 0, done: waiting === 0 };
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
    for (const request of createdList(outbox).recent().reverse()) add(request);
    for (const template of saved) add(template.values);
    return {
      groups: [...groups.values()].slice(0, SUGGESTIONS),
      folders: [...folders.values()].slice(0, SUGGESTIONS),
      services: [...servicesSeen].slice(0, SUGGESTIONS),
      demoPlacements: [],
    };
  }

  /** Runs an undo given by an earlier answer: `<kind>:<what>`. */
  async function undo(token: string): Promise<number> {
    const [kind, ...rest] = token.split(':');
    const what = rest.join(':');
    const outbox = await holder.get();
    if (kind === 'discard' || kind === 'clear') return outbox.undo(kind, what);
    if (kind === 'template') {
      if (await templates.undoRemove(what)) return 1;
      throw new AppFailure('Conflict', t('onboarding.errors.nothingToUndo'));
    }
    throw new AppFailure('Validation', t('onboarding.errors.nothingToUndo'));
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
      let entry: OutboxEntry;
      if (entryId) {
        const existing = outbox.get(entryId);
        if (!existing) throw new AppFailure('NotFound', t('onboarding.errors.notFound'));
        if (existing.state === 'sending' || existing.state === 'created') throw new AppFailure('Conflict', t('onboarding.errors.notEditable'));
        entry = await outbox.edit(entryId, clean);
      } else {
        const { profile } = await connections.active();
        // A camera already there by MAC or serial is refused at its field; nothing awaits between this check and the
        // insert's first (synchronous) slice, so concurrent submits cannot both pass.
        refuseKnownCamera(outbox.repository, clean, profile);
        // One entry per external id per server: the database's unique index decides, so concurrent submits cannot both pass.
        entry = await outbox.add(clean, { profileId: profile.id, profileName: profile.name });
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
      return { undo: `template:${id}` };
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

    async 'onboarding.importStart'({ requests, existing }) {
      const outbox = await holder.get();
      const { profile } = await connections.active();
      const { clean, skipped } = await checkImport(outbox.repository, requests, profile, existing);
      const importId = randomUUID();
      const { refused } = await outbox.queue(clean, { profileId: profile.id, profileName: profile.name, importId }, { skipKnown: existing !== 'create-again' });
      // Rows another import queued meanwhile (the unique index refused them) are told as skipped, never sent twice.
      importExtras.set(importId, { cancelled: 0, skipped: skipped + refused.length });
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
      const unsent = outbox.repository.unsentOfImport(importId);
      const mark = unsent.length > 0 ? await outbox.discard(unsent) : null;
      const extras = importExtras.get(importId) ?? { cancelled: 0, skipped: 0 };
      importExtras.set(importId, { ...extras, cancelled: extras.cancelled + unsent.length });
      return { ...importStatus(outbox, importId), ...(mark ? { undo: `discard:${mark}` } : {}) };
    },

    async 'onboarding.created'(input) {
      const all = createdList(await holder.get()).all();
      const matched = searchCreated(all, input?.search ?? '');
      return { cameras: matched.slice(0, input?.limit ?? 2_000), total: all.length, matched: matched.length };
    },

    async 'onboarding.exportCreatedCsv'({ search }) {
      const cameras = searchCreated(createdList(await holder.get()).all(), search);
      return { csv: createdToCsv(cameras), filename: `created-cameras-${new Date().toISOString().slice(0, 10)}.csv`, rows: cameras.length };
    },

    async 'onboarding.undo'({ undo: token }) {
      return { restored: await undo(token) };
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
      const mark = await outbox.discard([id]);
      return view(outbox, `discard:${mark}`);
    },

    async 'outbox.clearCreated'() {
      const outbox = await holder.get();
      const at = await outbox.clearCreated();
      return view(outbox, `clear:${at}`);
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
    dispose: () => {
      stopListening();
      return holder.dispose();
    },
  } as Feature<typeof onboardingChannels> & OnboardingExtras;
}

export interface OnboardingExtras {
  onOutboxChange(listener: (summary: OutboxSummary) => void): () => void;
  outbox(): Promise<Outbox>;
}
