import { z } from 'zod';
import { templateSchema, type CameraTemplate } from '../../preload/contract/onboarding';
import { AppFailure } from '../shared/app-failure';
import { said, t } from '../shared/i18n';
import { issueMessage } from '../shared/zod-errors';
import type { TemplateStore } from './template-store';

const FORMAT = 'watchdesk-camera-templates';
const templateFileSchema = z.object({ format: z.literal(FORMAT), templates: z.array(templateSchema.omit({ id: true, updatedAt: true }).loose()) });

/** A template file that cannot be taken in, told on the file's field. */
function badFile(reason: string): AppFailure {
  const message = t('onboarding.errors.templateFile', { reason });
  return new AppFailure('Validation', message, { fieldErrors: { json: [message] } });
}

/** The templates as their panel uses them: list, save, delete (with its undo), and the JSON file out and in. */
export function createTemplateService(store: TemplateStore) {
  return {
    list: () => store.list(),
    save: (input: { id?: string | undefined; name: string; values: CameraTemplate['values'] }) => store.save({ ...(input.id ? { id: input.id } : {}), name: input.name, values: input.values }),

    /** Answers what `onboarding.undo` takes to bring the template back. */
    async remove(id: string): Promise<{ undo: string }> {
      await store.remove(id);
      return { undo: `template:${id}` };
    },

    async undoRemove(id: string): Promise<number> {
      if (await store.undoRemove(id)) return 1;
      throw new AppFailure('Conflict', said('onboarding.errors.nothingToUndo'));
    },

    /** The templates as a JSON file; ONVIF passwords only when asked (the file leaves the encrypted store). */
    async exportFile(includePasswords: boolean): Promise<{ json: string; filename: string; count: number }> {
      const out = (await store.list()).map((template) => {
        if (includePasswords || !template.values.onvif_credentials) return template;
        const { password: _password, ...rest } = template.values.onvif_credentials;
        return { ...template, values: { ...template.values, onvif_credentials: rest } };
      });
      const json = JSON.stringify({ format: FORMAT, version: 1, templates: out }, null, 2);
      return { json, filename: `camera-templates-${new Date().toISOString().slice(0, 10)}.json`, count: out.length };
    },

    /** Takes in a file written by `exportFile`; a template with the name of one already here replaces it. */
    async importFile(json: string): Promise<CameraTemplate[]> {
      let data: unknown;
      try {
        data = JSON.parse(json);
      } catch {
        throw badFile('not JSON');
      }
      const parsed = templateFileSchema.safeParse(data);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw badFile(issue ? `${issue.path.join('.') || 'file'}: ${issueMessage(issue)}` : 'unknown shape');
      }
      const existing = await store.list();
      const saved: CameraTemplate[] = [];
      for (const template of parsed.data.templates) {
        const same = existing.find((e) => e.name === template.name);
        saved.push(await store.save({ ...(same ? { id: same.id } : {}), name: template.name, values: template.values }));
      }
      return saved;
    },
  };
}

export type TemplateService = ReturnType<typeof createTemplateService>;
