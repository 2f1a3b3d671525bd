import { describe, expect, it } from 'vitest';
import { buildPlaybackUrl } from '../../../main/tokens/playback-url';

describe('playback URL from the profile template', () => {
  it('fills {host} with the host name of the base URL (without its port) and {stream}, {token}', () => {
    expect(buildPlaybackUrl('https://{host}:8443/{stream}/index.m3u8?token={token}', 'https://vms.example.com:8080/base', 'cam-1', 'st_abc')).toBe(
      'https://vms.example.com:8443/cam-1/index.m3u8?token=st_abc',
    );
  });

  it('fills {base} with the base URL as it is', () => {
    expect(buildPlaybackUrl('{base}/play/{stream}?t={token}', 'https://vms.example.com/api-root', 's', 't')).toBe('https://vms.example.com/api-root/play/s?t=t');
  });

  it('URL-encodes the stream and the token', () => {
    expect(buildPlaybackUrl('https://{host}/{stream}?token={token}', 'https://h', 'a/b c', 'x+y=z&w')).toBe('https://h/a%2Fb%20c?token=x%2By%3Dz%26w');
  });

  it('does not expand a placeholder that appears inside a value', () => {
    expect(buildPlaybackUrl('{base}/{stream}', 'https://h', '{token}', 'secret')).toBe('https://h/%7Btoken%7D');
  });

  it('is null without a template or without a token', () => {
    expect(buildPlaybackUrl(undefined, 'https://h', 's', 't')).toBeNull();
    expect(buildPlaybackUrl('{base}', 'https://h', 's', null)).toBeNull();
  });
});
