import { randomUUID } from 'node:crypto';
import type { CameraTemplate } from '../../preload/contract/onboarding';
import type { Vault } from '../secrets/vault';
import { AppFailure } from '../shared/app-failure';
import { said } from '../shared/i18n';
import type { Sealer, Storage } from '../storage';
import { TemplateRepository } from '../storage/repositories/template-repository';

/**
 * Camera templates (placement, access, recording) in the database. Their ONVIF passwords are sealed with the vault's
 * data key, and only in memory in session-only mode (a session key cannot be read after a restart).
 */
export interface TemplateStore {
  list(): Promise<CameraTemplate[]>;
  save(input: { id?: string; name: string; values: CameraTemplate['values'] }): Promise<CameraTemplate>;
  remove(id: string): Promise<void>;
  /** Brings back the template deleted last (false when it is gone for good). */
  undoRemove(id: string): Promise<boolean>;
}

export function createTemplateStore(storage: Storage, vault: Vault, sealer: () => Promise<Sealer>): TemplateStore {
  const sessionPasswords = new Map<string, string>();
  const repository = async () => new TemplateRepository(storage, vault.mode === 'session' ? null : await sealer());

  return {
    async list() {
      return (await repository()).list().map(({ template, password }) => {
        const secret = password ?? sessionPasswords.get(template.id);
        if (secret === undefined || !template.values.onvif_credentials) return template;
        return { ...template, values: { ...template.values, onvif_credentials: { ...template.values.onvif_credentials, password: secret } } };
      });
    },
    async save(input) {
      const template: CameraTemplate = { id: input.id ?? randomUUID(), name: input.name.trim(), values: input.values, updatedAt: new Date().toISOString() };
      (await repository()).save(template);
      const password = input.values.onvif_credentials?.password;
      if (vault.mode === 'session' && password) sessionPasswords.set(template.id, password);
      else sessionPasswords.delete(template.id);
      return template;
    },
    async remove(id) {
      if (!(await repository()).remove(id, new Date().toISOString())) throw new AppFailure('NotFound', said('onboarding.errors.templateNotFound'));
    },
    async undoRemove(id) {
      return (await repository()).undoRemove(id);
    },
  };
}
