import { describe, expect, it } from 'vitest';
import { languageOfRequest } from '../../../main/web/accept-language';

describe('the language of a web request', () => {
  it('takes the best language the console speaks, by quality then order', () => {
    expect(languageOfRequest('ru-RU,ru;q=0.9,en-US;q=0.8')).toBe('ru');
    expect(languageOfRequest('de-DE,ru;q=0.5,en;q=0.7')).toBe('en');
    expect(languageOfRequest('de-DE,fr;q=0.9,ru;q=0.3')).toBe('ru');
    expect(languageOfRequest('en;q=0.5, ru')).toBe('ru');
  });

  it('answers English when the browser asks for nothing the console speaks, or refuses Russian', () => {
    expect(languageOfRequest(undefined)).toBe('en');
    expect(languageOfRequest('')).toBe('en');
    expect(languageOfRequest('de, fr;q=0.8')).toBe('en');
    expect(languageOfRequest('ru;q=0, de')).toBe('en');
  });
});
