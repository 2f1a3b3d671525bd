import type { MessageKey, MessageValues } from '../messages';

// The pure half of ./ca-certificate.ts (which re-exports it beside the zod schema): the page checks a pasted or chosen
// CA with these while the operator types, without loading and building zod for the first screen.

/**
 * A custom CA as a profile keeps it: the PEM text itself (certificates are public), never a file path. The text is
 * checked here in pure code (PEM blocks, only certificates, intact base64); main then parses every block as X.509
 * (main/profiles/ca-certificates.ts) before a profile is saved, and describes what was trusted.
 */

/** Most text a CA field takes: a generous bundle (the system's whole root store is about 220 KB). */
export const MAX_CA_PEM_CHARS = 512 * 1024;
/** Most certificates one profile trusts. */
export const MAX_CA_CERTIFICATES = 200;
/** Largest file read as a certificate (a chosen file, in main or in the page). */
export const MAX_CA_FILE_BYTES = 1024 * 1024;

const BEGIN = '-----BEGIN ';
const DASHES = '-----';

/** Why a CA text cannot be trusted, as a catalog key (with its values) for the sentence next to the field. */
export interface CaPemProblem {
  key: MessageKey;
  values?: MessageValues;
}

export type CaPemCheck = { ok: true; certificates: string[] } | { ok: false; problem: CaPemProblem };

/**
 * Finds the PEM blocks of a text and keeps its certificates, each re-wrapped in canonical 64-column lines. Text
 * around the blocks (comments a bundle carries, `subject=` lines) is ignored, as OpenSSL ignores it. Linear in the
 * text's length: every search starts where the last one ended.
 */
export function checkCaPem(text: string): CaPemCheck {
  const fail = (key: MessageKey, values?: MessageValues): CaPemCheck => ({ ok: false, problem: values ? { key, values } : { key } });
  if (text.trim() === '') return fail('validation.connect.caPemRequired');
  if (text.length > MAX_CA_PEM_CHARS) return fail('validation.connect.caPemTooLong');
  // A private key is refused before anything else, whatever else the text holds: it must not be kept anywhere.
  if (holdsPrivateKey(text)) return fail('validation.connect.caPemPrivateKey');

  const certificates: string[] = [];
  let at = text.indexOf(BEGIN);
  if (at < 0) return fail('validation.connect.caPemNotPem');
  while (at >= 0) {
    const labelStart = at + BEGIN.length;
    const labelEnd = text.indexOf(DASHES, labelStart);
    const label = labelEnd < 0 ? '' : text.slice(labelStart, labelEnd);
    if (!/^[A-Z0-9 ]{1,40}$/.test(label)) return fail('validation.connect.caPemNotPem');
    const end = `-----END ${label}-----`;
    const bodyStart = labelEnd + DASHES.length;
    const bodyEnd = text.indexOf(end, bodyStart);
    if (bodyEnd < 0) return fail('validation.connect.caPemCut', { number: certificates.length + 1 });
    if (label !== 'CERTIFICATE') return fail('validation.connect.caPemWrongKind', { label });
    const base64 = text.slice(bodyStart, bodyEnd).replace(/\s+/g, '');
    if (!isBase64(base64)) return fail('validation.connect.caPemDamaged', { number: certificates.length + 1 });
    certificates.push(pemCertificate(base64));
    if (certificates.length > MAX_CA_CERTIFICATES) return fail('validation.connect.caPemTooMany', { max: MAX_CA_CERTIFICATES });
    at = text.indexOf(BEGIN, bodyEnd + end.length);
  }
  return { ok: true, certificates };
}

/** The text holds a private key (any kind, encrypted or not): the field drops it at once, nothing keeps it. */
export function holdsPrivateKey(text: string): boolean {
  return /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----/.test(text);
}

/** Base64 of at least a few bytes, padded, with nothing else in it (a certificate is never this short). */
function isBase64(text: string): boolean {
  return text.length >= 16 && text.length % 4 === 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(text);
}

function pemCertificate(base64: string): string {
  return `-----BEGIN CERTIFICATE-----\n${base64.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----\n`;
}

/**
 * A certificate file's bytes as the text the CA field takes: a PEM file as it is (the field then says what is wrong
 * with it, if anything); a DER file (binary, as `.cer` and `.crt` files often are) wrapped as one PEM block for main
 * to parse; null for anything else (not a certificate file at all). Used by main for a file chosen in its dialog and
 * by the page for a file input, so both say the same.
 */
export function caTextFromFile(bytes: Uint8Array): string | null {
  if (bytes.length === 0 || bytes.length > MAX_CA_FILE_BYTES) return null;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (text.includes(BEGIN)) return text;
  // A DER certificate is an ASN.1 SEQUENCE (0x30) with a long-form length (any certificate is over 127 bytes).
  if (bytes.length > 16 && bytes[0] === 0x30 && (bytes[1] ?? 0) >= 0x81 && (bytes[1] ?? 0) <= 0x84) return pemCertificate(base64Of(bytes));
  return null;
}

function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** What a person sees of each certificate they trust: whom it names and until when. Computed in main. */
export interface CaCertificateSummary {
  /** The subject's common name; null when the certificate has none (then `subject` says who it is). */
  commonName: string | null;
  subject: string;
  /** ISO date-time. */
  validTo: string;
  expired: boolean;
  /** Upper-case colon hex. */
  sha256: string;
  /**
   * A certificate authority (basicConstraints CA:TRUE); false for a server's own certificate, which vouches for no
   * other and is not kept (a pasted chain often starts with one).
   */
  authority: boolean;
  /** Who signed it (its issuer's common name, or whole issuer), said when a server's certificate was pasted. */
  issuer: string;
}

/** A CA file chosen through main's file dialog: its certificates as text (the path stays in main). */
export interface ChosenCaFile {
  caPem: string;
  certificates: CaCertificateSummary[];
}
