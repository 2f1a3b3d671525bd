import type { Bridge } from '../../../preload/contract';
import { t } from '../../lib/i18n.svelte';
import { caTextFromFile, checkCaPem, holdsPrivateKey, MAX_CA_FILE_BYTES, type CaCertificateSummary } from '../../../preload/contract/wire/ca-pem';
import type { AppError } from '../../../preload/contract/app-error';

/** How long typing may pause before the text is checked in main. */
const CHECK_AFTER_MS = 400;

/**
 * The CA certificate field of the Connect form: the PEM text (pasted, or read from a chosen file), what main found in
 * it (whom each certificate names, until when) or why it cannot be used. Every way in ends in the same check:
 * main parses the text (`profiles.describeCa`), or, for a file chosen in main's own dialog, answers text and summary
 * at once (`profiles.chooseCaFile`). No file path is ever sent.
 */
export class CaFieldState {
  text = $state('');
  certificates = $state<CaCertificateSummary[]>([]);
  /** Why the text or the chosen file cannot be used, in words; null when nothing is wrong (or not yet checked). */
  problem = $state<string | null>(null);
  checking = $state(false);
  /**
   * A chosen file was refused while the field held certificates that read well: those are kept (a wrong click must
   * not undo a working setting), and this says why the file was not used. Null otherwise.
   */
  fileNotice = $state<string | null>(null);
  #pending: AbortController | null = null;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #keyDropped = false;

  constructor(
    private readonly api: Bridge,
    text: string,
    certificates: CaCertificateSummary[] = [],
  ) {
    this.text = text;
    this.certificates = certificates;
  }

  /** The text changed by hand: what was said about the old text no longer holds; the new one is checked shortly. */
  edited(text: string): void {
    this.text = text;
    this.#cancel();
    // The field stays empty after a dropped key (a paste can end in several input events): the reason stays said.
    if (text === '' && this.#keyDropped) return;
    this.#keyDropped = false;
    this.certificates = [];
    this.problem = null;
    this.fileNotice = null;
    if (this.#dropPrivateKey(this.text)) return;
    if (this.text.trim() === '') return;
    this.#timer = setTimeout(() => void this.check(), CHECK_AFTER_MS);
  }

  /**
   * What is wrong with the text's shape, found in the page (empty, not PEM, a private key…), in words; undefined when
   * its shape is right. Such a text is never sent: a private key pasted by mistake does not even cross to main.
   */
  shapeProblem(): string | undefined {
    const checked = checkCaPem(this.text);
    return checked.ok ? undefined : t(checked.problem.key, checked.problem.values);
  }

  /** Asks main what the current text holds (once its shape is right). A newer check (or an edit) cancels an older one. */
  async check(): Promise<void> {
    this.#cancel();
    const text = this.text;
    if (text.trim() === '') return;
    const shape = this.shapeProblem();
    if (shape !== undefined) {
      this.certificates = [];
      this.problem = shape;
      return;
    }
    const controller = new AbortController();
    this.#pending = controller;
    this.checking = true;
    const result = await this.api.profiles.describeCa({ caPem: text }, { signal: controller.signal });
    if (this.#pending !== controller) return;
    this.#pending = null;
    this.checking = false;
    if (result.ok) {
      this.certificates = result.value;
      this.problem = null;
    } else if (result.error.kind !== 'Cancelled') {
      this.#refused(result.error);
    }
  }

  /** The desktop app: main opens the system's dialog and answers the file's certificates as text. */
  async chooseInDialog(): Promise<void> {
    this.#cancel();
    const result = await this.api.profiles.chooseCaFile();
    if (!result.ok) {
      this.#fileRefused(result.error.fieldErrors.caPem?.[0] ?? result.error.message);
      return;
    }
    if (result.value === null) return;
    this.text = result.value.caPem;
    this.certificates = result.value.certificates;
    this.problem = null;
    this.fileNotice = null;
  }

  /** A browser: the file chosen in the page's file input is read here, and its text checked like a paste. */
  async readFile(file: File): Promise<void> {
    this.#cancel();
    const text = file.size > MAX_CA_FILE_BYTES ? null : caTextFromFile(new Uint8Array(await file.arrayBuffer()));
    // A key is never put in the field, even for a moment.
    const refusal = text === null ? t('errors.connect.caFileNotCertificate') : holdsPrivateKey(text) ? t('errors.connect.caFilePrivateKey') : null;
    if (refusal !== null || text === null) {
      this.#fileRefused(refusal ?? '');
      return;
    }
    this.text = text;
    this.fileNotice = null;
    await this.check();
  }

  dispose(): void {
    this.#cancel();
  }

  #refused(error: AppError): void {
    this.certificates = [];
    this.problem = error.fieldErrors.caPem?.[0] ?? error.message;
  }

  /**
   * A chosen file that cannot be used: certificates that read well stay, with a line saying the file was not used;
   * otherwise the field is emptied, so that what it shows and what Save would send agree (Save then asks for a CA).
   */
  #fileRefused(sentence: string): void {
    if (this.certificates.length > 0 && this.problem === null) {
      this.fileNotice = t('connect.form.caFileNotUsed', { reason: sentence });
      return;
    }
    this.text = '';
    this.certificates = [];
    this.fileNotice = null;
    this.problem = sentence;
  }

  /** A private key typed or pasted is removed from the field at once (and said so); true when it was. */
  #dropPrivateKey(text: string): boolean {
    if (!holdsPrivateKey(text)) return false;
    this.text = '';
    this.certificates = [];
    this.problem = t('validation.connect.caPemPrivateKey');
    this.#keyDropped = true;
    return true;
  }

  #cancel(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    this.#pending?.abort();
    this.#pending = null;
    this.checking = false;
  }
}
