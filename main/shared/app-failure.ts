import type { AppError, AppErrorAction, AppErrorData, AppErrorKind, AppErrorOf } from '../../preload/contract/app-error';

/** Kinds where trying again later can help; the UI offers "Retry" only for these. */
const retryableKinds = new Set<AppErrorKind>(['Offline', 'Timeout', 'Unavailable', 'RateLimited', 'ServerError']);

interface CommonOptions {
  fieldErrors?: Record<string, string[]>;
  retryable?: boolean;
  details?: string;
  action?: AppErrorAction;
}

/**
 * The options a kind takes: its own `data` type, required when the kind always carries data (RpcError,
 * TlsPinMismatch, KeychainUnavailable), optional when it may, absent when it has none.
 */
export type FailureOptions<K extends AppErrorKind> = K extends AppErrorKind
  ? CommonOptions &
      ('data' extends keyof AppErrorOf<K>
        ? object extends Pick<AppErrorOf<K>, 'data'>
          ? { data?: AppErrorData<K> }
          : { data: AppErrorData<K> }
        : { data?: never })
  : never;

/** The options argument may be left out only when nothing in it is required. */
type OptionsArgument<K extends AppErrorKind> = object extends FailureOptions<K> ? [options?: FailureOptions<K>] : [options: FailureOptions<K>];

/** A new sentence (and fields or way out) for an error whose kind and data stay as they were. */
export interface Rephrasing {
  message: string;
  fieldErrors?: Record<string, string[]>;
  details?: string;
  action?: AppErrorAction;
}

/**
 * The one error class thrown inside main. It carries an AppError so that whatever reaches the registry can be
 * sent across the door as a value. Construct it through `AppFailure` below, whose signatures tie `data` to `kind`.
 */
class AppFailureClass extends Error {
  readonly appError: AppError;

  constructor(first: AppErrorKind | AppError, second: string | Rephrasing, options: CommonOptions & { data?: unknown } = {}) {
    const message = typeof second === 'string' ? second : second.message;
    super(message);
    if (typeof first === 'object') {
      const changes = typeof second === 'string' ? { message } : second;
      this.appError = {
        ...first,
        message,
        fieldErrors: changes.fieldErrors ?? first.fieldErrors,
        ...(changes.details !== undefined ? { details: changes.details } : {}),
        ...(changes.action !== undefined ? { action: changes.action } : {}),
      };
    } else {
      // The public signatures below tie `data` to `kind`; this object is built from exactly those arguments.
      this.appError = {
        kind: first,
        message,
        fieldErrors: options.fieldErrors ?? {},
        retryable: options.retryable ?? retryableKinds.has(first),
        ...(options.details !== undefined ? { details: options.details } : {}),
        ...(options.action !== undefined ? { action: options.action } : {}),
        ...(options.data !== undefined ? { data: options.data } : {}),
      } as AppError;
    }
    this.name = `AppFailure(${this.appError.kind})`;
  }

  get kind(): AppErrorKind {
    return this.appError.kind;
  }
}

export type AppFailure = AppFailureClass;

export const AppFailure: {
  /** A failure of `kind` with `data` typed for that kind. */
  new <K extends AppErrorKind>(kind: K, message: string, ...options: OptionsArgument<K>): AppFailure;
  /** The same failure told differently: kind, data, details and retryability are kept. */
  new (error: AppError, rephrasing: Rephrasing): AppFailure;
  readonly prototype: AppFailure;
} = AppFailureClass;

export function isAppFailure(error: unknown): error is AppFailure {
  return error instanceof AppFailureClass;
}
