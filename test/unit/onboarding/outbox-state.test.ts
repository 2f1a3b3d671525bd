import { describe, expect, it } from 'vitest';
import type { AppError } from '../../../preload/contract/app-error';
import { outboxStates, type OutboxEntry } from '../../../preload/contract/onboarding';
import { backoffDelay, InvalidTransition, meaningOf, queuedEntry, transition, type OutboxEvent } from '../../../main/outbox/outbox-state';

const at = new Date('2026-11-22T10:00:00.000Z');
const response = {
  id: 100001,
  status: '',
  name: 'Gate',
  is_archive_recording: true,
  archive_storage_days: 30,
  group_type: 'private',
  is_user_owner: false,
  is_need_replace: false,
  latitude: 0,
  longitude: 0,
  network_device: { mac: 'AA:BB:CC:00:00:01', serial_number: '' },
  folder: { id: 501, key: 'fld-0501' },
};

function entry(state: OutboxEntry['state'], changes: Partial<OutboxEntry> = {}): OutboxEntry {
  const request = { name: 'Gate', mac: 'AA:BB:CC:00:00:01', external_id: 'x-1' };
  return { ...queuedEntry('e1', request, { profileId: 'p', profileName: 'Demo' }, at.toISOString()), state, ...changes };
}

const error = (kind: AppError['kind'], changes: { fieldErrors?: Record<string, string[]>; data?: Record<string, unknown> } = {}): AppError =>
  ({ kind, message: `${kind} happened`, fieldErrors: {}, retryable: false, ...changes }) as AppError;
const refused = error('Offline', { data: { reason: 'refused' } });
const taken = error('Validation', { fieldErrors: { external_id: ['The external_id has already been taken.'] } });

describe('outbox state machine', () => {
  it('queued -> sending on send-started, counting the attempt', () => {
    expect(transition(entry('queued'), { type: 'send-started', at })).toMatchObject({ state: 'sending', attempts: 1, nextAttemptAt: null });
  });

  it('retrying -> sending on send-started', () => {
    expect(transition(entry('retrying', { attempts: 2 }), { type: 'send-started', at })).toMatchObject({ state: 'sending', attempts: 3 });
  });

  it('sending -> created on a 201, keeping the part of the answer the screens show', () => {
    const created = transition(entry('sending'), { type: 'answered', at, response: { ...response, extra: { nested: 'x' } } });
    expect(created).toMatchObject({ state: 'created', recognisedByExternalId: false });
    expect(created.response).toEqual({
      id: 100001,
      status: '',
      name: 'Gate',
      is_archive_recording: true,
      archive_storage_days: 30,
      network_device: { mac: 'AA:BB:CC:00:00:01', serial_number: '' },
      folder: { id: 501, key: 'fld-0501' },
    });
  });

  it('sending -> retrying with backoff when the connection was refused, not marked maybe-created', () => {
    const next = transition(entry('sending', { attempts: 1 }), { type: 'failed', at, error: refused, retryDelayMs: 2_000 });
    expect(next).toMatchObject({ state: 'retrying', maybeCreated: false, nextAttemptAt: '2026-11-22T10:00:02.000Z', lastError: { kind: 'Offline' } });
  });

  it('sending -> retrying and maybe created when the answer was lost (timeout, cut body, 5xx)', () => {
    for (const kind of ['Timeout', 'BadResponse', 'ServerError', 'Unavailable'] as const) {
      expect(transition(entry('sending'), { type: 'failed', at, error: error(kind), retryDelayMs: 1 })).toMatchObject({ state: 'retrying', maybeCreated: true });
    }
  });

  it('sending -> needs-fixing on a 422, with the field errors', () => {
    const refusal = error('Validation', { fieldErrors: { mac: ['bad'] } });
    expect(transition(entry('sending'), { type: 'failed', at, error: refusal, retryDelayMs: 1 })).toMatchObject({ state: 'needs-fixing', fieldErrors: { mac: ['bad'] } });
  });

  it('sending -> needs-fixing when the external id is taken but no earlier request can have created it', () => {
    expect(transition(entry('sending'), { type: 'failed', at, error: taken, retryDelayMs: 1 })).toMatchObject({ state: 'needs-fixing' });
  });

  it('sending -> created, recognised by external id, when "already taken" follows an unknown outcome', () => {
    expect(transition(entry('sending', { maybeCreated: true }), { type: 'failed', at, error: taken, retryDelayMs: 1 })).toMatchObject({
      state: 'created',
      recognisedByExternalId: true,
      response: null,
      fieldErrors: {},
    });
  });

  it('sending -> held on a refusal the installer must settle (token, permission, certificate)', () => {
    for (const kind of ['Unauthorized', 'Forbidden', 'TlsUntrusted', 'NotFound', 'HtmlResponse'] as const) {
      expect(transition(entry('sending'), { type: 'failed', at, error: error(kind), retryDelayMs: 1 })).toMatchObject({ state: 'held', lastError: { kind } });
    }
  });

  it.each(['needs-fixing', 'held', 'queued', 'retrying'] as const)('%s -> queued on edit, errors cleared', (state) => {
    const next = transition(entry(state, { fieldErrors: { mac: ['x'] } }), { type: 'edited', at, request: { name: 'New' } });
    expect(next).toMatchObject({ state: 'queued', request: { name: 'New' }, fieldErrors: {}, lastError: null });
  });

  it.each(['retrying', 'held'] as const)('%s -> queued on retry-requested', (state) => {
    expect(transition(entry(state), { type: 'retry-requested', at })).toMatchObject({ state: 'queued', nextAttemptAt: null });
  });

  it('refuses every transition not in the table', () => {
    const events: OutboxEvent[] = [
      { type: 'send-started', at },
      { type: 'answered', at, response },
      { type: 'failed', at, error: refused, retryDelayMs: 1 },
      { type: 'edited', at, request: {} },
      { type: 'retry-requested', at },
    ];
    const allowed: Record<string, string[]> = {
      'send-started': ['queued', 'retrying'],
      answered: ['sending'],
      failed: ['sending'],
      edited: ['needs-fixing', 'held', 'queued', 'retrying'],
      'retry-requested': ['retrying', 'held'],
    };
    for (const event of events) {
      for (const state of outboxStates) {
        const attempt = () => transition(entry(state), event);
        if (allowed[event.type]!.includes(state)) expect(attempt).not.toThrow();
        else expect(attempt, `${event.type} in ${state}`).toThrow(InvalidTransition);
      }
    }
  });

  it('never changes the entry it is given', () => {
    const before = entry('queued');
    const copy = structuredClone(before);
    transition(before, { type: 'send-started', at });
    expect(before).toEqual(copy);
  });

  it('backs off by doubling, capped, with jitter', () => {
    expect([1, 2, 3, 10].map((n) => backoffDelay(n, () => 0.5, 1_000, 30_000))).toEqual([1_000, 2_000, 4_000, 30_000]);
    expect(backoffDelay(1, () => 0, 1_000)).toBe(800);
    expect(backoffDelay(1, () => 1, 1_000)).toBe(1_200);
  });

  it('reads a connect timeout as not sent and a headers timeout as maybe created', () => {
    expect(meaningOf(error('Timeout', { data: { phase: 'connect' } })).mayHaveCreated).toBe(false);
    expect(meaningOf(error('Timeout', { data: { phase: 'headers' } })).mayHaveCreated).toBe(true);
  });
});
