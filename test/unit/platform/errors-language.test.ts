import { afterEach, describe, expect, it } from 'vitest';
import { failureFromStatus, failureFromTransportError, messages, type CallContext } from '../../../main/platform/errors';
import { deskFailure } from '../../../main/tokens/token-errors';
import { AppFailure } from '../../../main/shared/app-failure';
import { say, setLanguage } from '../../../main/shared/i18n';

const ctx: CallContext = { method: 'GET', path: '/api/admin/v1/dashboard', host: 'vms.example:443' };

describe("main's error sentences follow the operator's language", () => {
  afterEach(() => setLanguage('en'));

  it('speaks English by default and Russian once the renderer says so', () => {
    expect(failureFromStatus(ctx, 503, 'application/json', '{}').message).toBe('The server is temporarily unavailable. Try again in a minute.');
    expect(say(messages.unavailable)).toBe('The server is temporarily unavailable. Try again in a minute.');
    setLanguage('ru');
    expect(failureFromStatus(ctx, 503, 'application/json', '{}').message).toBe('Сервер временно недоступен. Попробуйте через минуту.');
    const refused = failureFromTransportError(ctx, Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }), 'request', 5_000);
    expect(refused.message).toBe('vms.example:443 отказал в соединении. Возможно, платформа там не запущена или указан не тот порт.');
    const desk = deskFailure(new AppFailure('RpcError', 'x', { data: { rpcCode: -32001, rpcMessage: 'no stream' } }), { streamField: 'stream', stream: 'cam-1' });
    expect(desk instanceof AppFailure && desk.message).toBe('На сервере нет потока «cam-1». Проверьте uid (регистр букв важен).');
  });
});
