import { beforeEach, describe, expect, it, vi } from 'vitest';

// Electron cannot run on these machines: it is the one thing mocked. Everything below is our own code.
const electron = vi.hoisted(() => {
  const shown: Array<{ title: string; body: string }> = [];
  const clicks: Array<() => void> = [];
  const Notification = vi.fn(function (this: { show: () => void; on: (event: string, handler: () => void) => void }, options: { title: string; body: string }) {
    this.show = () => shown.push(options);
    this.on = (event, handler) => {
      if (event === 'click') clicks.push(handler);
    };
  }) as unknown as { new (options: { title: string; body: string }): { show(): void }; isSupported: () => boolean };
  (Notification as unknown as { isSupported: () => boolean }).isSupported = vi.fn(() => true);
  return { Notification, shown, clicks };
});
vi.mock('electron', () => ({ Notification: electron.Notification }));

const { createElectronNotifier } = await import('../../../main/electron/notifier');

beforeEach(() => {
  electron.shown.length = 0;
  electron.clicks.length = 0;
});

describe('desktop notifications from main', () => {
  it('shows an OS notification with the title and sentence it is given', () => {
    createElectronNotifier().notify({ title: 'Watchdesk: NOC wall', body: 'Gate (1001): storage at 97%.' });
    expect(electron.shown).toEqual([{ title: 'Watchdesk: NOC wall', body: 'Gate (1001): storage at 97%.' }]);
  });

  it('a click on a notification with a screen link opens that screen; other links are not followed', () => {
    const opened: string[] = [];
    const notifier = createElectronNotifier((link) => opened.push(link));
    notifier.notify({ title: 'Watchdesk: NOC wall', body: '5 new alerts.', link: '#/agents/watch/list-1/1001' });
    notifier.notify({ title: 't', body: 'b', link: 'javascript:alert(1)' });
    expect(electron.clicks).toHaveLength(1);
    electron.clicks[0]!();
    expect(opened).toEqual(['#/agents/watch/list-1/1001']);
  });

  it('shows nothing (and does not throw) where the desktop has no notifications', () => {
    vi.mocked(electron.Notification.isSupported).mockReturnValueOnce(false);
    createElectronNotifier().notify({ title: 't', body: 'b' });
    expect(electron.shown).toEqual([]);
  });
});
