import { AppFailure } from '../../main/shared/app-failure';

/** The AppFailure a call was rejected with; fails the test if it succeeded or threw something else. */
export async function failureOf(promise: Promise<unknown>): Promise<AppFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppFailure) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** The AppFailure a synchronous call threw; fails the test if it returned or threw something else. */
export function failureOfSync(action: () => unknown): AppFailure {
  try {
    action();
  } catch (error) {
    if (error instanceof AppFailure) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** The AppError a call failed with (what crosses to the renderer). */
export async function failure(promise: Promise<unknown>): Promise<AppFailure['appError']> {
  return (await failureOf(promise)).appError;
}
