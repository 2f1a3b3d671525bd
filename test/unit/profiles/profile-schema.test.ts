import { describe, expect, it } from 'vitest';
import { profileInputSchema, profileSchema } from '../../../preload/contract/wire/profile';
import { issueMessage } from '../../../main/shared/zod-errors';

const valid = { name: 'Site A', baseUrl: 'https://vms.example.com' };

function errorsFor(input: unknown): Record<string, string[]> {
  const result = profileInputSchema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[issue.path.join('.')] ??= []).push(issueMessage(issue));
  return errors;
}

describe('profileInputSchema', () => {
  it('fills in the defaults: server, bearer, system trust, 15 s timeout', () => {
    expect(profileInputSchema.parse(valid)).toMatchObject({
      kind: 'server',
      tokenStyle: 'bearer',
      tls: { mode: 'system' },
      timeoutMs: 15000,
    });
  });

  it('normalises the base URL without a trailing slash', () => {
    expect(profileInputSchema.parse({ ...valid, baseUrl: ' https://VMS.example.com:443/media/ ' }).baseUrl).toBe(
      'https://vms.example.com/media',
    );
  });

  it('keeps a non-default port', () => {
    expect(profileInputSchema.parse({ ...valid, baseUrl: 'http://10.0.0.5:8080/' }).baseUrl).toBe('http://10.0.0.5:8080');
  });

  it.each(['vms.example.com', 'ftp://vms.example.com', '', 'https://'])('rejects %j with an example address', (baseUrl) => {
    expect(errorsFor({ ...valid, baseUrl }).baseUrl).toEqual(['Enter a full address such as https://vms.example.com']);
  });

  it('rejects a user name and password in the address', () => {
    expect(errorsFor({ ...valid, baseUrl: 'https://admin:secret@vms.example.com' }).baseUrl?.[0]).toMatch(
      /Leave the user name and password out of the address/,
    );
  });

  it('asks for a name', () => {
    expect(errorsFor({ ...valid, name: '  ' }).name).toEqual(['Give this server a name.']);
  });

  it('limits the name to 80 characters', () => {
    expect(errorsFor({ ...valid, name: 'x'.repeat(81) }).name).toEqual(['Keep the name to 80 characters or fewer.']);
  });

  it.each([999, 120_001, 1500.5])('rejects a timeout of %s ms', (timeoutMs) => {
    expect(errorsFor({ ...valid, timeoutMs }).timeoutMs?.[0]).toMatch(/between 1000 \(1 s\) and 120000 \(2 min\)/);
  });

  it('rejects an unknown token style in words', () => {
    expect(errorsFor({ ...valid, tokenStyle: 'cookie' }).tokenStyle?.[0]).toMatch(/^Choose how the token is sent/);
  });

  it('normalises a pinned fingerprint to uppercase pairs', () => {
    const hex = 'ab'.repeat(32);
    const parsed = profileInputSchema.parse({ ...valid, tls: { mode: 'pin', sha256: hex } });
    expect(parsed.tls).toEqual({ mode: 'pin', sha256: Array(32).fill('AB').join(':') });
  });

  it('accepts a colon-separated fingerprint', () => {
    const colon = Array(32).fill('0f').join(':');
    const parsed = profileInputSchema.parse({ ...valid, tls: { mode: 'pin', sha256: colon, subject: 'CN=vms' } });
    expect(parsed.tls).toMatchObject({ sha256: colon.toUpperCase(), subject: 'CN=vms' });
  });

  it('rejects a fingerprint that is not 64 hex digits', () => {
    expect(errorsFor({ ...valid, tls: { mode: 'pin', sha256: 'abc' } })['tls.sha256']?.[0]).toMatch(
      /SHA-256 fingerprint: 64 hexadecimal digits/,
    );
  });

  it('asks for the CA certificate text when trusting a custom CA (a path is no longer taken)', () => {
    expect(errorsFor({ ...valid, tls: { mode: 'ca', caPem: '' } })['tls.caPem']).toEqual([
      'Paste the CA certificate (the text from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----) or choose its file.',
    ]);
    expect(errorsFor({ ...valid, tls: { mode: 'ca', caFile: '/etc/ssl/ca.pem' } })['tls.caPem']).toHaveLength(1);
  });

  it('rejects an unknown trust mode in words', () => {
    expect(errorsFor({ ...valid, tls: { mode: 'insecure' } })['tls.mode']?.[0]).toMatch(/^Choose how to trust/);
  });

  it('accepts a playback template with the known placeholders', () => {
    const template = 'rtsp://{host}/{stream}?token={token}';
    expect(profileInputSchema.parse({ ...valid, playbackUrlTemplate: template }).playbackUrlTemplate).toBe(template);
  });

  it('treats an empty playback template as none', () => {
    expect(profileInputSchema.parse({ ...valid, playbackUrlTemplate: '  ' }).playbackUrlTemplate).toBeUndefined();
  });

  it('names an unknown placeholder in the playback template', () => {
    expect(errorsFor({ ...valid, playbackUrlTemplate: '{base}/{camera}' }).playbackUrlTemplate).toEqual([
      'Unknown placeholder {camera}: use {host}, {stream}, {token} or {base}.',
    ]);
  });

  it('refuses a literal token in the playback template', () => {
    expect(errorsFor({ ...valid, playbackUrlTemplate: '{base}/{stream}?token=abc123' }).playbackUrlTemplate?.[0]).toMatch(
      /Use the \{token\} placeholder instead of a real token/,
    );
  });

  it('accepts either JSON-RPC method name for stream tokens', () => {
    expect(profileInputSchema.parse({ ...valid, rpcMethod: 'Auth.CreateAccessToken' }).rpcMethod).toBe(
      'Auth.CreateAccessToken',
    );
    expect(errorsFor({ ...valid, rpcMethod: 'Auth.Other' }).rpcMethod).toEqual([
      'Choose Auth.CreateApiToken or Auth.CreateAccessToken.',
    ]);
  });
});

describe('profileSchema', () => {
  it('requires a UUID id and ISO timestamps on a saved profile', () => {
    const result = profileSchema.safeParse({ ...valid, id: 'x', createdAt: 'yesterday', updatedAt: 'today' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['createdAt', 'id', 'updatedAt']);
  });

  it('accepts a complete saved profile', () => {
    const now = new Date().toISOString();
    const saved = { ...valid, id: crypto.randomUUID(), createdAt: now, updatedAt: now };
    expect(profileSchema.parse(saved)).toMatchObject(saved);
  });
});
