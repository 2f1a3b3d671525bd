import { afterEach, describe, expect, it } from 'vitest';
import { failureFromTransportError, untrustedCertificate, type CallContext } from '../../../main/platform/errors';
import { AppFailure } from '../../../main/shared/app-failure';
import { said, say, setLanguage } from '../../../main/shared/i18n';
import { appErrorSchema } from '../../../preload/contract/app-error';
import { locale, spoken } from '../../../renderer/lib/i18n.svelte';
import { deskFailure } from '../../../main/tokens/token-errors';

const ctx: CallContext = { method: 'GET', path: '/api/admin/v1/dashboard', host: '127.0.0.1:9' };
const refusedConnection = () => failureFromTransportError(ctx, Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }), 'request', 5_000);

/** A failure main made in one language is said by the page in the language it shows when it shows it. */
describe('a sentence kept as how it was said', () => {
  afterEach(() => {
    setLanguage('en');
    locale.set('en');
  });

  it('crosses to the page and is said there in the language the page shows now', () => {
    const error = appErrorSchema.parse(JSON.parse(JSON.stringify(refusedConnection().appError)));
    expect(error.message).toBe('127.0.0.1:9 refused the connection. The platform may not be running there, or the port is wrong.');
    locale.set('ru');
    expect(spoken(error)).toBe('127.0.0.1:9 отказал в соединении. Возможно, платформа там не запущена или указан не тот порт.');
    locale.set('en');
    expect(spoken(error)).toBe(error.message);
  });

  it('says a reason inside a sentence in the same language as the sentence', () => {
    const error = untrustedCertificate(ctx, 'CERT_HAS_EXPIRED', undefined).appError;
    locale.set('ru');
    const russian = spoken(error);
    expect(russian).not.toBe(error.message);
    expect(russian).not.toMatch(/[A-Za-z]{5,}/);
  });

  it('is made in Russian when main speaks Russian, and the page in English says it in English', () => {
    setLanguage('ru');
    const error = refusedConnection().appError;
    expect(error.message).toMatch(/отказал в соединении/);
    expect(spoken(error)).toBe('127.0.0.1:9 refused the connection. The platform may not be running there, or the port is wrong.');
  });

  it('is dropped when the sentence is rephrased in other words, and kept when the words stay', () => {
    const error = refusedConnection().appError;
    const rephrased = new AppFailure(error, { message: 'Something else entirely.' }).appError;
    expect(rephrased.said).toBeUndefined();
    locale.set('ru');
    expect(spoken(rephrased)).toBe('Something else entirely.');
    expect(new AppFailure(error, { message: error.message, fieldErrors: { baseUrl: ['x'] } }).appError.said).toEqual(error.said);
  });

  it('falls back to the sentence as written when the page does not know the key', () => {
    locale.set('ru');
    expect(spoken({ message: 'As written.', said: { key: 'errors.platform.noSuchSentence' } })).toBe('As written.');
    expect(spoken({ message: 'As written.', said: { key: 'errors.platform.tlsReview', values: { reason: { key: 'nope.nope' } } } })).toBe('As written.');
  });

  it('drops values left undefined, which would not survive the crossing', () => {
    expect(said('errors.platform.refused', { host: 'h:1', unused: undefined })).toEqual({ key: 'errors.platform.refused', values: { host: 'h:1' } });
    expect(say(said('errors.platform.refused', { host: 'h:1' }))).toMatch(/^h:1 refused/);
  });

  it('keeps a reason inside a rephrased sentence as said too (a token desk that cannot reach its server)', () => {
    const desk = deskFailure(refusedConnection(), { streamField: 'stream', stream: 'cam-1' });
    const error = (desk as AppFailure).appError;
    locale.set('ru');
    const russian = spoken(error);
    expect(russian).toContain('127.0.0.1:9 отказал в соединении');
    expect(russian).not.toMatch(/refused/);
  });
});
