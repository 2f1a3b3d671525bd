import type { AppError } from '../../../preload/contract/app-error';
import type { Bridge } from '../../../preload/contract';
import type { CameraTemplate } from '../../../preload/contract/onboarding';
import { t } from '../../lib/i18n.svelte';
import { UndoOffer } from '../../lib/undo-offer.svelte';
import { ReadOrder } from '../../lib/read-order';

/** A file to offer as a download. */
export interface TemplateFile {
  filename: string;
  json: string;
  count: number;
}

/** The camera templates: the list the wizard and the Templates panel show, save, delete (undoable), and the JSON file. */
export class TemplatesState {
  list = $state.raw<CameraTemplate[]>([]);
  /** The list could not be read (the screen says so above its tabs: the wizard offers templates too). */
  loadFailure = $state<AppError | null>(null);
  /** An export, import or delete failed (the Templates panel says so beside its buttons). */
  failure = $state<AppError | null>(null);
  /** Export the ONVIF passwords too (the file leaves the encrypted store). */
  withPasswords = $state(false);
  /** The last delete, while it can be undone. */
  readonly undo: UndoOffer;
  readonly #reads = new ReadOrder();

  constructor(private readonly api: Bridge) {
    this.undo = new UndoOffer((undo) => api.onboarding.undo({ undo }));
  }

  /** Reads the list; an answer older than the one shown is dropped (a template brought back by Undo would vanish). */
  async load(): Promise<void> {
    const fresh = this.#reads.begin();
    const answer = await this.api.onboarding.templates();
    if (!fresh()) return;
    if (answer.ok) {
      this.list = answer.value;
      this.loadFailure = null;
    } else this.loadFailure = answer.error;
  }

  /** Saves the draft's placement, access and recording under a name; answers the sentence for the name field, or null. */
  async save(name: string, values: CameraTemplate['values']): Promise<string | null> {
    const answer = await this.api.onboarding.saveTemplate({ name, values });
    if (!answer.ok) return answer.error.fieldErrors['name']?.[0] ?? answer.error.message;
    await this.load();
    return null;
  }

  async remove(template: CameraTemplate): Promise<void> {
    const answer = await this.api.onboarding.deleteTemplate({ id: template.id });
    if (!answer.ok) {
      this.failure = answer.error;
      return;
    }
    this.undo.offer(() => t('onboarding.templates.deleted', { name: template.name }), answer.value.undo);
    await this.load();
  }

  async runUndo(): Promise<void> {
    if (await this.undo.run()) await this.load();
  }

  /** The templates as a JSON file to download; null (and the failure shown) when it could not be made. */
  async exportFile(): Promise<TemplateFile | null> {
    const answer = await this.api.onboarding.exportTemplates({ includePasswords: this.withPasswords });
    if (answer.ok) return answer.value;
    this.failure = answer.error;
    return null;
  }

  /** Takes in a file of templates; answers how many were saved (null on a failure, which is shown). */
  async importFile(file: { text(): Promise<string> }): Promise<number | null> {
    const answer = await this.api.onboarding.importTemplates({ json: await file.text() });
    if (!answer.ok) {
      this.failure = answer.error;
      return null;
    }
    this.failure = null;
    await this.load();
    return answer.value.length;
  }
}
