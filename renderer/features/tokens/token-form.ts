import type { z } from 'zod';
import { streamUid, userBoundRequestSchema, type StreamTokenRequest, type UserBoundRequest } from '../../../preload/contract/tokens';
import { messageInWords } from '../../../preload/contract/messages/message-words';
import { t } from '../../lib/i18n.svelte';
import { resolveWindow, type WindowInput } from './dvr-window';
import { ttlSeconds, type TtlChoice, type TtlResult } from './ttl';

/**
 * The forms' checks, run before anything is sent, so most mistakes are explained next to their field without a
 * round trip. Where the contract states a rule (stream uid, user id) its schema is used as is, so the sentences
 * cannot drift from the ones main sends back; main checks everything again.
 */

export type FieldErrors = Partial<Record<'stream' | 'uid' | 'user' | 'ttl' | 'duration' | 'from' | 'to' | 'text', string>>;

export interface GrantValues {
  live: boolean;
  dvr: boolean;
  copy: boolean;
  ttl: TtlChoice;
  window: Omit<WindowInput, 'applies'>;
}

export interface StreamFormValues extends GrantValues {
  stream: string;
  note: string;
}

export type GrantCheck =
  | {
      ok: true;
      grant: { live: boolean; dvr: boolean; copy: boolean; ttl: number; from: number; to: number };
      /** Nothing is allowed: the token would be useless, so the screen asks before sending. */
      noPermissions: boolean;
      notes: { from?: string; to?: string };
    }
  | { ok: false; errors: FieldErrors };

/** The contract's first sentence about `value` in the operator's language, or undefined when the schema accepts it. */
function contractError(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  const message = result.success ? undefined : result.error.issues[0]?.message;
  return message === undefined ? undefined : messageInWords(message, t);
}

/** The stream uid under its field (`stream` on the stream form, `uid` on the user-bound form). */
export function checkStreamUid(value: string, field: 'stream' | 'uid' = 'stream'): FieldErrors {
  const message = contractError(streamUid, value);
  return message === undefined ? {} : { [field]: message };
}

/**
 * The grant as sent, or its field errors. `ttl` defaults to the plain lifetime rules; the screen passes its own
 * result when the lifetime needs more (the unlimited-token confirmation, see GrantState.check()).
 */
export function checkGrant(values: GrantValues, ttl: TtlResult = ttlSeconds(values.ttl)): GrantCheck {
  const errors: FieldErrors = {};
  if (!ttl.ok) errors.ttl = ttl.message;
  const window = resolveWindow({ ...values.window, applies: values.dvr || values.copy });
  if (!window.ok) Object.assign(errors, window.errors);
  if (!ttl.ok || !window.ok) return { ok: false, errors };
  return {
    ok: true,
    grant: { live: values.live, dvr: values.dvr, copy: values.copy, ttl: ttl.seconds, from: window.from, to: window.to },
    noPermissions: !values.live && !values.dvr && !values.copy,
    notes: window.notes,
  };
}

export type StreamFormCheck =
  | { ok: true; request: StreamTokenRequest; noPermissions: boolean; notes: { from?: string; to?: string } }
  | { ok: false; errors: FieldErrors };

/** The request for operation 1; `grant` defaults to checkGrant(values) (the screen passes GrantState.check()). */
export function buildStreamRequest(values: StreamFormValues, grant: GrantCheck = checkGrant(values)): StreamFormCheck {
  const streamErrors = checkStreamUid(values.stream);
  if (!grant.ok || streamErrors.stream) return { ok: false, errors: { ...streamErrors, ...(grant.ok ? {} : grant.errors) } };
  return {
    ok: true,
    request: { stream: values.stream.trim(), ...grant.grant, note: values.note.trim() },
    noPermissions: grant.noPermissions,
    notes: grant.notes,
  };
}

export interface UserBoundFormValues {
  uid: string;
  user: string;
  duration: TtlChoice;
  note: string;
}

/** The request for operation 3; `duration` defaults to the plain lifetime rules (the screen passes LifetimeState.check()). */
export function buildUserBoundRequest(
  values: UserBoundFormValues,
  duration: TtlResult = ttlSeconds(values.duration),
): { ok: true; request: UserBoundRequest } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = checkStreamUid(values.uid, 'uid');
  const userError = contractError(userBoundRequestSchema.shape.user, values.user);
  if (userError !== undefined) errors.user = userError;
  if (!duration.ok) errors.duration = duration.message;
  if (Object.keys(errors).length > 0 || !duration.ok) return { ok: false, errors };
  return { ok: true, request: { uid: values.uid.trim(), user: values.user.trim(), duration: duration.seconds, note: values.note.trim() } };
}
