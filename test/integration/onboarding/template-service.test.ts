import { afterEach, describe, expect, it } from 'vitest';
import type { CameraTemplate } from '../../../preload/contract/onboarding';
import { createTemplateService, type TemplateService } from '../../../main/onboarding/template-service';
import { createTemplateStore } from '../../../main/onboarding/template-store';
import { hasDbus } from '../../support/dbus';
import { openServices, type OnboardingServices } from './services';

let desk: OnboardingServices;
afterEach(async () => {
  await desk?.close();
});

async function open(name: string): Promise<TemplateService> {
  desk = await openServices(name);
  return createTemplateService(createTemplateStore(desk.services.storage, desk.services.vault, desk.services.sealer));
}

const values = (days = 30): CameraTemplate['values'] => ({
  group_external_id: 'site-riga-depot',
  folder_key: 'fld-0503',
  onvif_credentials: { login: 'admin', password: 'onvif-template-secret', port: 80 },
  streams: [{ type: 'high', is_archive_enabled: true, archive_storage_days: days, archive_recording_type: 'fulltime' }],
});

describe.skipIf(!hasDbus)('camera templates through their service', () => {
  it('exports the templates without their passwords unless asked, and takes the file back in by name', async () => {
    const templates = await open('templates-file');
    await templates.save({ name: 'Depot gate', values: values() });
    const plain = await templates.exportFile(false);
    expect(plain).toMatchObject({ count: 1, filename: expect.stringMatching(/^camera-templates-\d{4}-\d{2}-\d{2}\.json$/) });
    expect(plain.json).not.toContain('onvif-template-secret');
    expect((await templates.exportFile(true)).json).toContain('onvif-template-secret');

    // The same name again replaces the template; a new one is added.
    const file = JSON.parse(plain.json) as { templates: Array<{ name: string; values: CameraTemplate['values'] }> };
    file.templates[0]!.values = values(14);
    file.templates.push({ name: 'Yard', values: values(7) });
    const taken = await templates.importFile(JSON.stringify(file));
    expect(taken.map((template) => template.name)).toEqual(['Depot gate', 'Yard']);
    const listed = await templates.list();
    expect(listed).toHaveLength(2);
    expect(listed.find((template) => template.name === 'Depot gate')!.values.streams![0]!.archive_storage_days).toBe(14);
  });

  it('says why a file cannot be taken in, on the file field', async () => {
    const templates = await open('templates-bad-file');
    await expect(templates.importFile('{not json')).rejects.toMatchObject({ kind: 'Validation', appError: { fieldErrors: { json: [expect.stringContaining('not JSON')] } } });
    await expect(templates.importFile(JSON.stringify({ format: 'something else', templates: [] }))).rejects.toMatchObject({ kind: 'Validation', appError: { fieldErrors: { json: [expect.stringContaining('format')] } } });
  });

  it('deletes a template with an undo that brings it back once', async () => {
    const templates = await open('templates-undo');
    const saved = await templates.save({ name: 'Depot gate', values: values() });
    const { undo } = await templates.remove(saved.id);
    expect(undo).toBe(`template:${saved.id}`);
    expect(await templates.list()).toEqual([]);
    expect(await templates.undoRemove(saved.id)).toBe(1);
    expect((await templates.list()).map((template) => template.name)).toEqual(['Depot gate']);
    await expect(templates.remove('no-such-template')).rejects.toMatchObject({ kind: 'NotFound' });
  });
});
