import { describe, expect, it } from 'vitest';
import { appErrorKinds, appErrorSchema, type AppError } from '../../../preload/contract/app-error';
import { AppFailure } from '../../../main/shared/app-failure';

describe('AppError', () => {
  it('lists every kind of the union exactly once', () => {
    const fromUnion = appErrorSchema.options.map((option) => option.shape.kind.value).sort();
    expect([...appErrorKinds].sort()).toEqual(fromUnion);
  });

  it('carries data typed by kind, and the schema accepts what AppFailure builds', () => {
    const certificate = { sha256: 'AB', subject: 'CN=a', issuer: 'CN=a', validFrom: 'x', validTo: 'y', selfSigned: true };
    const built: AppError[] = [
      new AppFailure('RpcError', 'refused', { data: { rpcCode: -32001, rpcMessage: 'no such stream' } }).appError,
      new AppFailure('TlsPinMismatch', 'changed', { data: { certificate, expected: 'CD' } }).appError,
      new AppFailure('Offline', 'refused', { data: { reason: 'refused' } }).appError,
      new AppFailure('Timeout', 'slow', { data: { phase: 'headers' } }).appError,
      new AppFailure('Unauthorized', 'no token', { data: { reason: 'no-token' }, action: 'open-connect' }).appError,
      new AppFailure('KeychainUnavailable', 'locked', { data: { sessionOnlyAvailable: true } }).appError,
      new AppFailure('Validation', 'bad', { fieldErrors: { name: ['Enter a name.'] } }).appError,
    ];
    for (const error of built) expect(appErrorSchema.parse(error)).toEqual(error);
    const pin = built[1]!;
    // Narrowing by kind is all a reader needs to reach the data: no casts.
    expect(pin.kind === 'TlsPinMismatch' ? pin.data.expected : null).toBe('CD');
  });

  it('refuses data of another kind', () => {
    const wrong = { kind: 'Offline', message: 'x', fieldErrors: {}, retryable: true, data: { phase: 'headers' } };
    expect(appErrorSchema.safeParse(wrong).success).toBe(false);
    expect(appErrorSchema.safeParse({ ...wrong, kind: 'Timeout' }).success).toBe(true);
  });

  it('keeps kind, data and details when a failure is told differently', () => {
    const original = new AppFailure('RpcError', 'generic', { details: 'HTTP 200', data: { rpcCode: -32002, rpcMessage: 'not private' } });
    const told = new AppFailure(original.appError, { message: 'Stream is not private.', fieldErrors: { stream: ['Stream is not private.'] } });
    expect(told.appError).toEqual({ ...original.appError, message: 'Stream is not private.', fieldErrors: { stream: ['Stream is not private.'] } });
  });
});
