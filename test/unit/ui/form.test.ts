import { describe, expect, it } from 'vitest';
import { FormState, type FormRoot } from '../../../renderer/lib/form.svelte';
import type { AppError, Result } from '../../../preload/contract/app-error';

function failure(kind: 'Validation' | 'Offline' | 'Cancelled', fieldErrors: Record<string, string[]> = {}): AppError {
  return { kind, message: `${kind} happened.`, fieldErrors, retryable: false };
}

/** A stand-in for the form element: records which selector was asked for and focuses a marker. */
function fakeRoot(): FormRoot & { focused: string[] } {
  const focused: string[] = [];
  return {
    focused,
    querySelector(selector: string) {
      return { focus: () => focused.push(selector) };
    },
  };
}

describe('FormState', () => {
  it('is busy while the call runs and returns the value on success, clearing old errors', async () => {
    const form = new FormState<'name'>(['name']);
    form.errors = { name: 'old' };
    let resolve!: (result: Result<number>) => void;
    const pending = form.submit(() => new Promise<Result<number>>((r) => (resolve = r)));
    expect(form.busy).toBe(true);
    resolve({ ok: true, value: 42 });
    await expect(pending).resolves.toBe(42);
    expect(form.busy).toBe(false);
    expect(form.errors).toEqual({});
    expect(form.failure).toBeNull();
  });

  it('ignores a second submit while the first runs', async () => {
    const form = new FormState();
    let calls = 0;
    let resolve!: (result: Result<string>) => void;
    const first = form.submit(() => {
      calls += 1;
      return new Promise<Result<string>>((r) => (resolve = r));
    });
    await expect(form.submit(async () => ({ ok: true as const, value: 'again' }))).resolves.toBeNull();
    resolve({ ok: true, value: 'once' });
    await expect(first).resolves.toBe('once');
    expect(calls).toBe(1);
  });

  it('maps field errors onto the named fields (first message each), keeps the banner empty and focuses the first invalid field', async () => {
    const form = new FormState<'name' | 'tls.caPem'>(['name', 'tls.caPem']);
    const root = fakeRoot();
    form.attach(root);
    const value = await form.submit(async () => ({ ok: false as const, error: failure('Validation', { name: ['Give it a name.', 'second'], 'tls.caPem': ['Paste a PEM certificate.'] }) }));
    expect(value).toBeNull();
    expect(form.errors).toEqual({ name: 'Give it a name.', 'tls.caPem': 'Paste a PEM certificate.' });
    expect(form.failure).toBeNull();
    expect(form.busy).toBe(false);
    expect(root.focused).toEqual(['[aria-invalid="true"]']);
  });

  it('puts an error the form has no field for into the banner instead of losing it', async () => {
    const form = new FormState<'name'>(['name']);
    await form.submit(async () => ({ ok: false as const, error: failure('Validation', { other: ['Not shown anywhere.'] }) }));
    expect(form.errors).toEqual({});
    expect(form.failure?.kind).toBe('Validation');
  });

  it('shows a failure with no field errors in the banner', async () => {
    const form = new FormState<'name'>(['name']);
    await form.submit(async () => ({ ok: false as const, error: failure('Offline') }));
    expect(form.failure?.message).toBe('Offline happened.');
    expect(form.invalid).toBe(true);
  });

  it('without a field list takes every field error as shown', async () => {
    const form = new FormState();
    await form.submit(async () => ({ ok: false as const, error: failure('Validation', { mac: ['Not a MAC address.'] }) }));
    expect(form.errors).toEqual({ mac: 'Not a MAC address.' });
    expect(form.failure).toBeNull();
  });

  it('says nothing for a cancelled call', async () => {
    const form = new FormState();
    await form.submit(async () => ({ ok: false as const, error: failure('Cancelled') }));
    expect(form.invalid).toBe(false);
  });

  it('a thrown call leaves the form not busy', async () => {
    const form = new FormState();
    await expect(form.submit(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(form.busy).toBe(false);
  });

  it('check() shows client-side errors and focuses the first; passes when there are none', async () => {
    const form = new FormState<'stream' | 'ttl'>(['stream', 'ttl']);
    const root = fakeRoot();
    form.attach(root);
    await expect(form.check({ stream: 'Type a stream uid.', ttl: undefined })).resolves.toBe(false);
    expect(form.errors).toEqual({ stream: 'Type a stream uid.' });
    expect(root.focused).toHaveLength(1);
    await expect(form.check({})).resolves.toBe(true);
    expect(form.errors).toEqual({});
    form.failure = failure('Offline');
    form.reset();
    expect(form.invalid).toBe(false);
  });

  it('the attachment sets and clears the root', async () => {
    const form = new FormState();
    const root = fakeRoot();
    const detach = form.element(root as unknown as HTMLElement);
    await form.focusFirstInvalid();
    detach();
    await form.focusFirstInvalid();
    expect(root.focused).toHaveLength(1);
  });
});
