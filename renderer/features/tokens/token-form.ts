import type { StreamTokenRequest, UserBoundRequest } from '../../../preload/channels/tokens';
import { resolveWindow, type WindowInput } from './dvr-window';
import { ttlSeconds, type TtlChoice } from './ttl';

/**
 * The forms' checks, run before anything is sent, so most mistakes are explained next to their field without a
 * round trip. Main checks the same rules again (its schema is the authority).
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

export function checkStreamUid(value: string, field: 'stream' | 'uid' = 'stream'): FieldErrors {
  const uid = value.trim();
  if (uid === '') return { [field]: 'Enter the stream uid.' };
  if (/\s/.test(uid)) return { [field]: 'A stream uid has no spaces.' };
  if (uid.length > 256) return { [field]: 'A stream uid is at most 256 characters.' };
  return {};
}

export function checkGrant(values: GrantValues): GrantCheck {
  const errors: FieldErrors = {};
  const ttl = ttlSeconds(values.ttl);
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

export function buildStreamRequest(values: StreamFormValues): StreamFormCheck {
  const streamErrors = checkStreamUid(values.stream);
  const grant = checkGrant(values);
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

export function buildUserBoundRequest(values: UserBoundFormValues): { ok: true; request: UserBoundRequest } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = checkStreamUid(values.uid, 'uid');
  const user = values.user.trim();
  if (user === '') errors.user = 'Enter the user identifier.';
  else if (user.length > 255) errors.user = 'A user identifier is at most 255 characters.';
  const duration = ttlSeconds(values.duration);
  if (!duration.ok) errors.duration = duration.message;
  if (Object.keys(errors).length > 0 || !duration.ok) return { ok: false, errors };
  return { ok: true, request: { uid: values.uid.trim(), user, duration: duration.seconds, note: values.note.trim() } };
}
