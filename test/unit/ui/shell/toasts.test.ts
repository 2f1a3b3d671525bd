import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toasts } from '../../../../renderer/lib/ui/toasts.svelte';
import { locale, t } from '../../../../renderer/lib/i18n.svelte';

describe('Toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows a note with its tone (info unless told) and takes it away after five seconds', () => {
    const toasts = new Toasts();
    toasts.show('Token copied', 'ok');
    toasts.show('Draft loaded');
    expect(toasts.items.map(({ message, tone }) => [message, tone])).toEqual([
      ['Token copied', 'ok'],
      ['Draft loaded', 'info'],
    ]);
    vi.advanceTimersByTime(4999);
    expect(toasts.items).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(toasts.items).toEqual([]);
  });

  it('keeps at most five on screen, dropping the oldest', () => {
    const toasts = new Toasts();
    for (let i = 1; i <= 7; i += 1) toasts.show(`note ${i}`);
    expect(toasts.items.map((toast) => toast.message)).toEqual(['note 3', 'note 4', 'note 5', 'note 6', 'note 7']);
  });

  it('a dismissed note goes at once and the others stay', () => {
    const toasts = new Toasts();
    const first = toasts.show('Server deleted');
    toasts.show('Token copied');
    toasts.dismiss(first);
    expect(toasts.items.map((toast) => toast.message)).toEqual(['Token copied']);
  });

  it('a note given as how to say it follows a language switch while it stands', () => {
    const toasts = new Toasts();
    toasts.show(() => t('about.support.saved'), 'ok');
    const english = toasts.items[0]!.message;
    locale.set('ru');
    try {
      expect(toasts.items[0]!.message).not.toBe(english);
      expect(toasts.items[0]!.message).toBe(t('about.support.saved'));
      expect(toasts.items[0]!.message).toMatch(/[а-яё]/i);
    } finally {
      locale.set('en');
    }
  });
});
