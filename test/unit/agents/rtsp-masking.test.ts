import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MASK, maskRtspUrl } from '../../../preload/contract/agents-rtsp';

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
