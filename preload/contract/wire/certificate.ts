import { z } from 'zod';

/** A server certificate as a person reviews it (Connect's review card, a TLS error's data). */
export const certificateInfoSchema = z.object({
  /** Upper-case colon hex: the value a profile pins. */
  sha256: z.string(),
  subject: z.string(),
  issuer: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  selfSigned: z.boolean(),
  /** DNS names and IP addresses the certificate is valid for. */
  subjectAltName: z.string().optional(),
});
export type CertificateInfo = z.infer<typeof certificateInfoSchema>;
