import { z } from 'zod';
import { fieldMessage } from '../messages/field-message';
import { appErrorSchema } from '../app-error';
import { saidSchema } from '../said';
import { caPemSchema } from './ca-certificate';

/** Pure zod shapes of the Connect screen: how a profile trusts a certificate, the certificate, the test report. */

/**
 * `ab:cd…`, `ABCD…`, `AB CD …` -> `AB:CD:…`; null when it is not 32 bytes of hex. Only colons and white space may
 * separate the digits: anything else (a dash, a stray letter) is a typo to show, not a character to drop.
 */
export function normalizeFingerprint(text: string): string | null {
  const hex = text.trim().replace(/[:\s]/g, '').toUpperCase();
  if (!/^[0-9A-F]{64}$/.test(hex)) return null;
  return hex.match(/../g)!.join(':');
}

const FINGERPRINT_HINT = fieldMessage('validation.connect.fingerprint');

/** A fingerprint as pasted (any case, with or without colons), stored in the canonical form. */
export const sha256FingerprintSchema = z
  .string({ error: FINGERPRINT_HINT })
  .refine((text) => normalizeFingerprint(text) !== null, { error: FINGERPRINT_HINT })
  .transform((text) => normalizeFingerprint(text) ?? text);

export const tlsTrustSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('system') }),
  z.object({ mode: z.literal('ca'), caPem: caPemSchema }),
  z.object({ mode: z.literal('pin'), sha256: sha256FingerprintSchema }),
]);
/** Input form: a pin may be given in any case; `tlsTrustSchema` stores it canonical. */
export type TlsTrust = z.input<typeof tlsTrustSchema>;

// The certificate shape lives in its own module so that the error type can use it without a cycle.
export type { CertificateInfo } from './certificate';

export const connectionStepNameSchema = z.enum(['DNS', 'TCP', 'TLS', 'HTTP', 'Token']);
export type ConnectionStepName = z.infer<typeof connectionStepNameSchema>;

export const connectionStepSchema = z.object({
  name: connectionStepNameSchema,
  /** `null`: skipped (an earlier step failed, or there is nothing to check). */
  ok: z.boolean().nullable(),
  message: z.string(),
  /** How `message` was said: the page says it in the language it shows now. */
  said: saidSchema.optional(),
});
export type ConnectionStep = z.infer<typeof connectionStepSchema>;

/**
 * The summary follows the worst step: `works` only when every step passed (the token too), `incomplete` when nothing
 * failed but a step could not be checked (no API token stored yet), `failed` when a step failed.
 */
export const connectionOutcomeSchema = z.enum(['works', 'incomplete', 'failed']);

export const connectionReportSchema = z.object({
  ok: z.boolean(),
  outcome: connectionOutcomeSchema,
  steps: z.array(connectionStepSchema),
  /** The failure of the first failed step, with its data (e.g. the certificate to review). */
  error: appErrorSchema.optional(),
});
export type ConnectionReport = z.infer<typeof connectionReportSchema>;
