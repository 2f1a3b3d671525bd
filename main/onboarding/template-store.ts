import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import { templateSchema, type CameraTemplate } from '../../preload/contract/onboarding';
import { createEncryptedJsonStore } from '../secrets/crypto';
import type { Vault } from '../secrets/vault';
import { AppFailure } from '../shared/app-failure';
import { readFileIfExists, writeFileAtomic } from '../shared/atomic-file';
import { createSerialQueue } from '../shared/serial-queue';
import { t } from '../shared/i18n';

/**
 * Camera templates (placement, access, recording). The templates themselves are a plain JSON file (ids, keys,
 * archive settings: nothing secret); their ONVIF passwords are kept apart, encrypted with the vault's data key, and
 * only in memory in session-only mode.
 */
export interface TemplateStore {
  list(): Promise<CameraTemplate[]>;
  save(input: { id?: string; name: string; values: CameraTemplate['values'] }): Promise<CameraTemplate>;
  remove(id: string): Promise<void>;
}

const fileSchema = z.object({ version: z.literal(1), templates: z.array(templateSchema) });
const secretsSchema = z.record(z.string(), z.string());

export function createTemplateStore(dataDir: string, vault: Vault): TemplateStore {
  const path = join(dataDir, 'camera-templates.json');
  const secrets = createEncryptedJsonStore(join(dataDir, 'camera-template-passwords.enc'), secretsSchema, () => vault.getDataKey());
  const sessionSecrets = new Map<string, string>();
  const queue = createSerialQueue();
  let cache: CameraTemplate[] | null = null;

  async function readTemplates(): Promise<CameraTemplate[]> {
    if (cache) return cache;
    const bytes = await readFileIfExists(path);
    if (bytes === null) return (cache = []);
    const parsed = fileSchema.safeParse(JSON.parse(bytes.toString('utf8')));
    if (!parsed.success) throw new AppFailure('Internal', t('onboarding.errors.templateFile', { reason: 'camera-templates.json' }));
    return (cache = parsed.data.templates);
  }

  async function passwords(): Promise<Record<string, string>> {
    if (vault.mode === 'session') return Object.fromEntries(sessionSecrets);
    return (await secrets.read()) ?? {};
  }

  async function writePasswords(next: Record<string, string>): Promise<void> {
    if (vault.mode === 'session') {
      sessionSecrets.clear();
      for (const [id, pw] of Object.entries(next)) sessionSecrets.set(id, pw);
      return;
    }
    await secrets.write(next);
  }

  const withoutPassword = (template: CameraTemplate): CameraTemplate => {
    const creds = template.values.onvif_credentials;
    if (!creds || creds.password === undefined) return template;
    const { password: _password, ...rest } = creds;
    return { ...template, values: { ...template.values, onvif_credentials: rest } };
  };

  return {
    async list() {
      const templates = await readTemplates();
      const secret = await passwords().catch(() => ({}) as Record<string, string>);
      return templates.map((template) => {
        const password = secret[template.id];
        if (password === undefined || !template.values.onvif_credentials) return template;
        return { ...template, values: { ...template.values, onvif_credentials: { ...template.values.onvif_credentials, password } } };
      });
    },
    save: (input) =>
      queue.run(async () => {
        const templates = await readTemplates();
        const template: CameraTemplate = { id: input.id ?? randomUUID(), name: input.name.trim(), values: input.values, updatedAt: new Date().toISOString() };
        const index = templates.findIndex((existing) => existing.id === template.id);
        const next = index >= 0 ? templates.map((existing, i) => (i === index ? withoutPassword(template) : existing)) : [...templates, withoutPassword(template)];
        const password = input.values.onvif_credentials?.password;
        const secret = await passwords();
        if (password) secret[template.id] = password;
        else delete secret[template.id];
        await writePasswords(secret);
        await writeFileAtomic(path, JSON.stringify({ version: 1, templates: next }, null, 2), { mode: 0o600 });
        cache = next;
        return template;
      }),
    remove: (id) =>
      queue.run(async () => {
        const templates = await readTemplates();
        if (!templates.some((template) => template.id === id)) throw new AppFailure('NotFound', t('onboarding.errors.templateNotFound'));
        const next = templates.filter((template) => template.id !== id);
        const secret = await passwords().catch(() => ({}) as Record<string, string>);
        if (id in secret) {
          delete secret[id];
          await writePasswords(secret);
        }
        await writeFileAtomic(path, JSON.stringify({ version: 1, templates: next }, null, 2), { mode: 0o600 });
        cache = next;
      }),
  };
}
