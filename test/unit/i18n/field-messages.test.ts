import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { en, ru } from '../../../preload/contract/messages';
import { fieldMessage } from '../../../preload/contract/messages/field-message';
import { messageInWords, parseFieldMessage } from '../../../preload/contract/messages/message-words';
import { createRegistry, type Handlers } from '../../../main/ipc/registry';
import { currentLanguage, setLanguage, t } from '../../../main/shared/i18n';

/** Every `.ts` file under a folder. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'messages' ? [] : sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

type Tree = { [key: string]: string | Tree };
function keysOf(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [prefix + key] : keysOf(value, `${prefix}${key}.`)));
}
/** Keys as code names them: a plural message by its base (`x` for `x_one`, `x_other`…). */
const baseKey = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');
const catalogKeys = { en: new Set(keysOf(en as unknown as Tree).map(baseKey)), ru: new Set(keysOf(ru as unknown as Tree).map(baseKey)) };

/** The keys the contract's schemas pass to `fieldMessage`, as written: `a.b` or a template `a.${x}.b`. */
const usedKeys = sources('preload/contract').flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(/fieldMessage\(\s*(['`])([^'`]+)\1/g)].map((m) => ({ file, key: m[2]! })),
);

/** The catalog keys a template key can become (`${field}` stands for any one segment). */
function expand(key: string, keys: Set<string>): string[] {
  if (!key.includes('${')) return keys.has(key) ? [key] : [];
  const pattern = new RegExp(`^${key.split(/\$\{[^}]+\}/).map((part) => part.replace(/[.]/g, '\\.')).join('\\w+')}$`);
  return [...keys].filter((k) => pattern.test(k));
}

describe('field messages of the contract schemas', () => {
  afterEach(() => setLanguage('en'));

  it('finds the schemas that use catalog keys', () => {
    expect(usedKeys.length).toBeGreaterThan(80);
  });

  it.each(['en', 'ru'] as const)('has every key a contract schema uses in %s', (language) => {
    const missing = usedKeys.filter(({ key }) => expand(key, catalogKeys[language]).length === 0).map(({ file, key }) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });

  it('leaves no English sentence as a zod message in the contract', () => {
    const literal = /\{\s*(?:error|message):\s*['"`][A-Z][^'"`]*[a-z][^'"`]*['"`]|\.(?:min|max|int|regex|length|includes|refine)\([^)]*,\s*['"`][A-Z][a-z ]/;
    const offenders = sources('preload/contract').filter((file) => literal.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('reads a key with its values back, and leaves other text as it is', () => {
    expect(parseFieldMessage(fieldMessage('validation.agents.deviceTooLong', { max: 20 }))).toEqual({ key: 'validation.agents.deviceTooLong', values: { max: 20 } });
    expect(parseFieldMessage('Invalid input: expected string')).toBeNull();
    expect(parseFieldMessage('no.such.key')).toBeNull();
    expect(messageInWords('Too small', t)).toBe('Too small');
  });

  it('says a key in the language main speaks', () => {
    const message = fieldMessage('validation.agents.deviceTooLong', { max: 20 });
    expect(messageInWords(message, t)).toBe('A device number is at most 20 digits.');
    setLanguage('ru');
    expect(currentLanguage()).toBe('ru');
    expect(messageInWords(message, t)).toBe('Номер устройства — не длиннее 20 цифр.');
  });

  it('reaches the caller of a channel as a sentence, in English and in Russian', async () => {
    const registry = createRegistry({} as Handlers, { isTrustedSender: () => true });
    const call = () => registry.call('profiles.save', { name: ' ', baseUrl: 'vms.example.com', timeoutMs: 5 }, { transport: 'test' });

    const english = await call();
    expect(english.ok).toBe(false);
    if (english.ok) return;
    expect(english.error.fieldErrors).toMatchObject({
      name: ['Give this server a name.'],
      baseUrl: ['Enter a full address such as https://vms.example.com'],
      timeoutMs: ['The timeout must be a whole number of milliseconds between 1000 (1 s) and 120000 (2 min).'],
    });

    setLanguage('ru');
    const russian = await call();
    if (russian.ok) throw new Error('expected a validation failure');
    expect(russian.error.message).toBe(t('errors.ipc.invalidValues'));
    expect(russian.error.message).toMatch(/[а-я]/);
    expect(russian.error.fieldErrors).toMatchObject({
      name: ['Дайте этому серверу название.'],
      baseUrl: ['Введите полный адрес, например https://vms.example.com'],
      timeoutMs: ['Тайм-аут — целое число миллисекунд от 1000 (1 с) до 120000 (2 мин).'],
    });
    // No key ever reaches the caller as it is.
    expect(JSON.stringify(russian.error.fieldErrors)).not.toMatch(/validation\./);
  });

  it('turns a plain zod schema of the contract into field errors without keys', () => {
    const schema = z.object({ uid: z.string().min(1, { error: fieldMessage('validation.tokens.streamRequired') }) });
    const result = schema.safeParse({ uid: '' });
    expect(result.success).toBe(false);
    if (!result.success) expect(messageInWords(result.error.issues[0]!.message, t)).toBe('Enter the stream uid.');
  });
});
