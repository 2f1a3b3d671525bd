import { afterEach, describe, expect, it } from 'vitest';
import { TemplatesState } from '../../../../renderer/features/onboarding/templates-state.svelte';
import { hasDbus } from '../../../support/dbus';
import { lateAnswer } from '../../../support/late-answer';
import { openOnboardingPage, until, type OnboardingPage } from './page';

let page: OnboardingPage;
afterEach(async () => {
  await page?.close();
});

const values = { group_external_id: 'site-riga-depot', folder_key: 'fld-0503', onvif_credentials: { login: 'admin', password: 'onvif-template-secret', port: 80 } };

describe.skipIf(!hasDbus)('the templates state over the real main process', () => {
  it('saves, lists, deletes with an undo, and exports with passwords only when asked', async () => {
    page = await openOnboardingPage('ui-templates');
    const templates = new TemplatesState(page.api);
    await templates.load();
    expect(templates.list).toEqual([]);
    expect(await templates.save('', values)).toBe('Give the template a name.');
    expect(await templates.save('Depot gate', values)).toBeNull();
    expect(templates.list.map((template) => template.name)).toEqual(['Depot gate']);

    const plain = await templates.exportFile();
    expect(plain!.count).toBe(1);
    expect(plain!.json).not.toContain('onvif-template-secret');
    templates.withPasswords = true;
    expect((await templates.exportFile())!.json).toContain('onvif-template-secret');

    await templates.remove(templates.list[0]!);
    expect(templates.list).toEqual([]);
    expect(templates.undo).toMatchObject({ shown: true, message: expect.stringContaining('Depot gate') });
    await templates.runUndo();
    expect(templates.undo.shown).toBe(false);
    expect(templates.list.map((template) => template.name)).toEqual(['Depot gate']);

    // An undo main no longer has: the note stays with the reason beside it.
    templates.undo.offer('Template deleted.', 'template:no-such-template');
    await templates.runUndo();
    expect(templates.undo).toMatchObject({ shown: true, busy: false, failure: { kind: 'Conflict' } });
  });

  it('an Undo pressed at once is not undone by the read that followed the delete, when that read answers last', async () => {
    page = await openOnboardingPage('ui-templates-late-read');
    // The next read's answer (made by main at once, before the undo) reaches the page only when let go.
    const slowRead = lateAnswer(page.api.onboarding.templates);
    const templates = new TemplatesState({ ...page.api, onboarding: { ...page.api.onboarding, templates: slowRead.call } });
    expect(await templates.save('Depot gate', values)).toBeNull();
    slowRead.holdNext();
    const removing = templates.remove(templates.list[0]!);
    // The keyboard is on Undo as soon as it shows.
    await until(() => templates.undo.shown);
    await templates.runUndo();
    expect(templates.list.map((template) => template.name)).toEqual(['Depot gate']);
    slowRead.letGo();
    await removing;
    expect(templates.list.map((template) => template.name)).toEqual(['Depot gate']);
  });

  it('takes a file of templates in, and says why a file that is not one is refused', async () => {
    page = await openOnboardingPage('ui-templates-file');
    const templates = new TemplatesState(page.api);
    const json = JSON.stringify({ format: 'watchdesk-camera-templates', version: 1, templates: [{ name: 'Yard', values }, { name: 'Gate', values }] });
    expect(await templates.importFile({ text: async () => json })).toBe(2);
    expect(templates.list.map((template) => template.name).sort()).toEqual(['Gate', 'Yard']);
    expect(await templates.importFile({ text: async () => 'not json' })).toBeNull();
    expect(templates.failure).toMatchObject({ kind: 'Validation', message: expect.stringContaining('not JSON') });
  });
});
