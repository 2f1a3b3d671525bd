import { z } from 'zod';
import { fieldMessage } from '../messages/field-message';
import { connectionOutcomeSchema, connectionStepNameSchema, rpcMethodSchema, sha256FingerprintSchema, tokenStyleSchema } from './platform';
import { appErrorKindSchema } from '../app-error';
import { caPemSchema } from './ca-certificate';
import { normaliseBaseUrl } from './address';

export type { RpcMethod } from './platform';
export { addressMovesToken } from './address';

/**
 * A server profile: where a platform is and how to talk to it. No secret ever lives here (the API token is in the
 * vault), so base URLs with credentials and playback templates with a literal token are refused.
 */

const ADDRESS_HINT = fieldMessage('validation.connect.address');

const baseUrlSchema = z
  .string({ error: ADDRESS_HINT })
  .trim()
  .superRefine((text, ctx) => {
    let url: URL | null;
    try {
      url = new URL(text);
    } catch {
      url = null;
    }
    if (url === null || normaliseBaseUrl(text) === null) {
      ctx.addIssue({ code: 'custom', message: ADDRESS_HINT });
      return;
    }
    if (url.username !== '' || url.password !== '') {
      ctx.addIssue({
        code: 'custom',
        message: fieldMessage('validation.connect.addressCredentials'),
      });
    }
    if (url.search !== '' || url.hash !== '') {
      ctx.addIssue({ code: 'custom', message: fieldMessage('validation.connect.addressQuery') });
    }
  })
  .transform((text) => normaliseBaseUrl(text) ?? text);

export const tlsTrustSchema = z.discriminatedUnion(
  'mode',
  [
    z.object({ mode: z.literal('system') }),
    /** The CA's certificates as PEM text (pasted, or read from a file the person chose): never a file path. */
    z.object({ mode: z.literal('ca'), caPem: caPemSchema }),
    z.object({
      mode: z.literal('pin'),
      sha256: sha256FingerprintSchema,
      subject: z.string().optional(),
      validTo: z.string().optional(),
    }),
  ],
  { error: fieldMessage('validation.connect.trustMode') },
);

const PLACEHOLDERS = new Set(['host', 'stream', 'token', 'base']);

/** The scheme and `//` of a link, and the user name and password after them up to their `@`. */
const LINK_CREDENTIALS = /^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i;

/** A playback link with the user name and password it carries taken out (`rtsp://user:pw@cam/x` → `rtsp://cam/x`). */
export function linkWithoutCredentials(template: string): string {
  return template.replace(LINK_CREDENTIALS, '$1');
}

const playbackUrlTemplateSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z
    .string({ error: fieldMessage('validation.connect.playbackText') })
    .trim()
    .max(2000, { error: fieldMessage('validation.connect.playbackTooLong') })
    .superRefine((template, ctx) => {
      for (const match of template.matchAll(/\{([^}]*)\}/g)) {
        const name = match[1] ?? '';
        if (!PLACEHOLDERS.has(name)) {
          ctx.addIssue({
            code: 'custom',
            message: fieldMessage('validation.connect.playbackPlaceholder', { placeholder: `{${name}}` }),
          });
        }
      }
      // A user name and password in the link (rtsp://user:password@camera/…) would be kept in clear in the profile, which
      // holds no secrets: the token is the link's credential.
      if (linkWithoutCredentials(template) !== template) {
        ctx.addIssue({
          code: 'custom',
          message: fieldMessage('validation.connect.playbackCredentials'),
        });
      }
      if (/[?&]token=(?!\{token\})[^&#]+/.test(template)) {
        ctx.addIssue({
          code: 'custom',
          message: fieldMessage('validation.connect.playbackRealToken'),
        });
      }
    })
    .optional(),
);

export const profileKindSchema = z.enum(['server', 'demo'], { error: fieldMessage('validation.connect.profileKind') });

const TIMEOUT_HINT = fieldMessage('validation.connect.timeout');

/** What the Connect form sends: everything but the id and the timestamps. */
export const profileInputSchema = z.object({
  name: z
    .string({ error: fieldMessage('validation.connect.nameRequired') })
    .trim()
    .min(1, { error: fieldMessage('validation.connect.nameRequired') })
    .max(80, { error: fieldMessage('validation.connect.nameTooLong') }),
  baseUrl: baseUrlSchema,
  kind: profileKindSchema.default('server'),
  tokenStyle: tokenStyleSchema.default('bearer'),
  tls: tlsTrustSchema.default({ mode: 'system' }),
  timeoutMs: z
    .number({ error: TIMEOUT_HINT })
    .int({ error: TIMEOUT_HINT })
    .min(1000, { error: TIMEOUT_HINT })
    .max(120_000, { error: TIMEOUT_HINT })
    .default(15_000),
  playbackUrlTemplate: playbackUrlTemplateSchema,
  rpcMethod: rpcMethodSchema.optional(),
});
/** The form's values before defaults are applied. */
export type ProfileInput = z.input<typeof profileInputSchema>;
/** The form's values after validation and normalisation. */
export type ProfileFields = z.infer<typeof profileInputSchema>;

/**
 * The last connection test of a profile: when, its outcome, and where it broke. No sentence and nothing the server
 * said is kept (a server's words could carry anything): the screen words it from the step and the kind.
 */
export const connectionTestRecordSchema = z.object({
  at: z.iso.datetime(),
  outcome: connectionOutcomeSchema,
  /** The step that failed (null when none did). */
  failedStep: connectionStepNameSchema.nullable(),
  kind: appErrorKindSchema.nullable(),
});
export type ConnectionTestRecord = z.infer<typeof connectionTestRecordSchema>;

/** A saved profile, as kept in profiles.json. */
export const profileSchema = profileInputSchema.extend({
  id: z.uuid({ error: fieldMessage('validation.connect.profileUuid') }),
  createdAt: z.iso.datetime({ error: fieldMessage('validation.connect.createdAt') }),
  updatedAt: z.iso.datetime({ error: fieldMessage('validation.connect.updatedAt') }),
  /** Kept until the address, TLS trust, token style, timeout or token changes (then it says nothing any more). */
  lastTest: connectionTestRecordSchema.optional(),
  /**
   * Set when a profile saved with a CA file path could not take the certificate over from it (profiles once kept a
   * path; they keep the PEM text now). Its trust is then `system` until the CA is pasted or chosen again, and no
   * connection is made with it meanwhile: the card and the form say so.
   */
  caNeeded: z.literal(true).optional(),
});
export type Profile = z.infer<typeof profileSchema>;

/** True when a change from `previous` to `next` makes an earlier connection test say nothing about the profile. */
export function changesConnection(previous: ProfileFields, next: ProfileFields): boolean {
  return (
    previous.baseUrl !== next.baseUrl ||
    previous.tokenStyle !== next.tokenStyle ||
    previous.timeoutMs !== next.timeoutMs ||
    JSON.stringify(previous.tls) !== JSON.stringify(next.tls)
  );
}
