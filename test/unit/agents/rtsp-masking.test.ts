import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MASK, maskCredentialsDeep, maskCredentialsInJsonText, maskRtspUrl } from '../../../preload/contract/agents-rtsp';

describe('credentials in RTSP URLs', () => {
  it('masks user and password before the host and keeps the rest exactly', () => {
    expect(maskRtspUrl('rtsp://admin:S3cret!@192.168.1.20:554/Streaming/Channels/101')).toEqual({
      masked: `rtsp://${MASK}:${MASK}@192.168.1.20:554/Streaming/Channels/101`,
      hasCredentials: true,
    });
  });

  it('masks a user without a password', () => {
    expect(maskRtspUrl('rtsp://viewer@cam.local/live').masked).toBe(`rtsp://${MASK}@cam.local/live`);
  });

  it('masks a password that contains an @ (the last @ before the path ends the credentials)', () => {
    expect(maskRtspUrl('rtsp://admin:p@ss@10.0.0.1/h264').masked).toBe(`rtsp://${MASK}:${MASK}@10.0.0.1/h264`);
  });

  it('masks token-like query values and keeps other parameters', () => {
    expect(maskRtspUrl('rtsp://10.0.0.1:554/live?channel=1&token=abc123&subtype=0&Password=x').masked).toBe(
      `rtsp://10.0.0.1:554/live?channel=1&token=${MASK}&subtype=0&Password=${MASK}`,
    );
  });

  it('leaves a URL without credentials unchanged and says so', () => {
    const url = 'rtsp://192.168.3.7:554/cam/realmonitor?channel=1&subtype=1';
    expect(maskRtspUrl(url)).toEqual({ masked: url, hasCredentials: false });
  });

  it('does not treat an @ in the path as credentials', () => {
    expect(maskRtspUrl('rtsp://10.0.0.1/path@odd').hasCredentials).toBe(false);
  });

  it('never lets a password through, whatever it contains', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9!$%^*()_+=~.-]{4,20}$/), (password) => {
        const { masked } = maskRtspUrl(`rtsp://admin:${password}@10.1.1.1:554/live?token=${password}`);
        return !masked.includes(password);
      }),
    );
  });
});

describe('credentials in the raw answer', () => {
  // As a PHP server sends it: escaped slashes, other fields untouched.
  const raw = '{"id":1014,"note":"rtsp:\\/\\/ is our scheme","streams":[{"url":"rtsp:\\/\\/admin:Rtsp-Pa55@10.0.0.9:554\\/live?token=tk-5f2a9c&ch=1"}],"lat":"55.75"}';

  it('masks the address in the text and leaves every other byte as the server sent it', () => {
    const { masked, hasCredentials } = maskCredentialsInJsonText(raw);
    expect(hasCredentials).toBe(true);
    expect(masked).not.toContain('Rtsp-Pa55');
    expect(masked).not.toContain('tk-5f2a9c');
    expect(masked).toContain('"note":"rtsp:\\/\\/ is our scheme"');
    expect(masked.startsWith('{"id":1014,')).toBe(true);
    expect(masked.endsWith('"lat":"55.75"}')).toBe(true);
    expect(JSON.parse(masked).streams[0].url).toBe(`rtsp://${MASK}:${MASK}@10.0.0.9:554/live?token=${MASK}&ch=1`);
  });

  it('says when there was nothing to mask', () => {
    expect(maskCredentialsInJsonText('{"url":"rtsp://10.0.0.9/live"}')).toEqual({ masked: '{"url":"rtsp://10.0.0.9/live"}', hasCredentials: false });
  });

  it('masks every address inside a parsed value, for an export made before revealing', () => {
    const device = { id: 1, camera: { streams: [{ url: 'rtsp://a:b@h/x', type: 'main' }] }, name: 'Gate' };
    expect(maskCredentialsDeep(device)).toEqual({ id: 1, camera: { streams: [{ url: `rtsp://${MASK}:${MASK}@h/x`, type: 'main' }] }, name: 'Gate' });
  });
});
