import type { AppError, AppErrorKind } from '../../preload/contract/app-error';

/** Kinds where trying again later can help; the UI offers "Retry" only for these. */
const retryableKinds = new Set<AppErrorKind>(['Offline', 'Timeout', 'Unavailable', 'RateLimited', 'ServerError']);

/**
 * The one error class thrown inside main. It carries an AppError so that whatever reaches the registry can be
 * sent across the door as a value.
 */
export class AppFailure extends Error {
  readonly appError: AppError;

  constructor(kind: AppErrorKind, message: string, options: Partial<Omit<AppError, 'kind' | 'message'>> = {}) {
    super(message);
    this.name = `AppFailure(${kind})`;
    this.appError = {
      kind,
      message,
      fieldErrors: options.fieldErrors ?? {},
      retryable: options.retryable ?? retryableKinds.has(kind),
      ...(options.details !== undefined ? { details: options.details } : {}),
      ...(options.data !== undefined ? { data: options.data } : {}),
    };
  }

  get kind(): AppErrorKind {
    return this.appError.kind;
  }
}

export function isAppFailure(error: unknown): error is AppFailure {
  return error instanceof AppFailure;
}
