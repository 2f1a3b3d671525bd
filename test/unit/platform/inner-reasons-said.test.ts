import { afterEach, describe, expect, it } from 'vitest';
import { answerTooDeep, answerTooLarge, redirected } from '../../../main/platform/answer-failures';
import type { CallContext } from '../../../main/platform/errors';
import { setLanguage } from '../../../main/shared/i18n';
import { storageFailure } from '../../../main/shared/storage-errors';
import { storageFailureOf } from '../../../main/storage/storage-failure';
import type { AppError } from '../../../preload/contract/app-error';
import { locale, spoken } from '../../../renderer/lib/i18n.svelte';

const ctx: CallContext = { method: 'GET', path: '/api/admin/v1/dashboard', host: 'vms.example:443' };
const fileError = (code: string) => Object.assign(new Error(`${code}: write`), { code });

/**
 * A failure main made while the console spoke English, read after a switch to Russian: the whole sentence follows,
 * the reason inside it too, not a Russian sentence around an English reason (or an English sentence left as it was).
 */
function inRussianAfterSwitch(make: () => AppError): string {
  setLanguage('en');
  locale.set('en');
  const error = make();
  locale.set('ru');
  return spoken(error);
}

describe('a reason inside a failure follows a language switch with its sentence', () => {
  afterEach(() => {
    setLanguage('en');
    locale.set('en');
  });

  it('a redirect to no address', () => {
    const russian = inRussianAfterSwitch(() => redirected(ctx, 302, undefined).appError);
    expect(russian).not.toMatch(/another address/);
    expect(russian.replace(/Watchdesk/g, '')).not.toMatch(/[A-Za-z]{5,}/);
  });

  it('an answer too large or too deep for what it was for', () => {
    for (const make of [() => answerTooLarge(ctx, 'dashboard', 1_000).appError, () => answerTooDeep(ctx, 'dashboard').appError]) {
      expect(inRussianAfterSwitch(make)).not.toMatch(/[A-Za-z]{5,}/);
    }
  });

  it('a file that could not be written', () => {
    for (const code of ['EROFS', 'EACCES', 'EIO']) {
      const russian = inRussianAfterSwitch(() => storageFailure(fileError(code), '/data')!.appError);
      expect(russian).not.toMatch(/read-only|permission|system answered/);
      expect(russian.replace(/EIO|Watchdesk/g, '')).not.toMatch(/[A-Za-z]{5,}/);
    }
  });

  it('the data folder failing while the console runs', () => {
    for (const code of ['ENOSPC', 'EROFS', 'EIO']) {
      const russian = inRussianAfterSwitch(() => storageFailureOf(fileError(code), '/data')!.appError);
      expect(russian.replace(/EIO|Watchdesk/g, '')).not.toMatch(/[A-Za-z]{5,}/);
    }
  });
});
