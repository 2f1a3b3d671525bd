import { describe, expect, it } from 'vitest';
import { caName, trustFact } from '../../../renderer/features/connect/ca-summary';
import type { CaCertificateSummary } from '../../../preload/contract/wire/ca-certificate';

const ca = (commonName: string | null, expired = false): CaCertificateSummary => ({
  commonName,
  subject: commonName ? `CN=${commonName}` : 'O=Example Org, C=DE',
  validTo: '2030-01-01T00:00:00.000Z',
  expired,
  sha256: 'AA',
});

describe('what a server card says about its certificate trust', () => {
  it('says nothing for the usual system trust', () => {
    expect(trustFact({ tls: { mode: 'system' } })).toBeNull();
  });

  it('asks for the CA first when it has to be chosen again', () => {
    expect(trustFact({ tls: { mode: 'system' }, caNeeded: true })).toEqual({ key: 'connect.caNeeded', tone: 'bad' });
  });

  it('names the custom CA and its expiry, in red once expired', () => {
    expect(trustFact({ tls: { mode: 'ca', caPem: 'x' }, caCertificates: [ca('Site CA')] })).toEqual({
      key: 'connect.customCaNamed',
      tone: 'neutral',
      name: 'Site CA',
      date: '2030-01-01T00:00:00.000Z',
    });
    expect(trustFact({ tls: { mode: 'ca', caPem: 'x' }, caCertificates: [ca('Old CA', true)] })).toMatchObject({ key: 'connect.customCaExpired', tone: 'bad' });
  });

  it('counts the others of a bundle and falls back to the subject without a common name', () => {
    expect(trustFact({ tls: { mode: 'ca', caPem: 'x' }, caCertificates: [ca(null), ca('B'), ca('C')] })?.name).toBe('O=Example Org, C=DE +2');
    expect(caName(ca('Root'))).toBe('Root');
  });

  it('says "pinned" for a pin', () => {
    expect(trustFact({ tls: { mode: 'pin', sha256: 'AA' } })).toEqual({ key: 'connect.pinnedCertificate', tone: 'neutral' });
  });
});
