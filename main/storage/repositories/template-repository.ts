import { templateSchema, type CameraTemplate } from '../../../preload/contract/onboarding';
import type { Storage } from '../database';
import type { Sealer } from '../sealer';
import { readableRows } from '../readable-rows';

/** A template as stored: its values without the ONVIF password, which is sealed apart (or not stored at all). */
export interface StoredTemplate {
  template: CameraTemplate;
  password: string | null;
}

const valuesWithoutPassword = (template: CameraTemplate): CameraTemplate => {
  const creds = template.values.onvif_credentials;
  if (!creds || creds.password === undefined) return template;
  const { password: _password, ...rest } = creds;
  return { ...template, values: { ...template.values, onvif_credentials: rest } };
};

/**
 * Camera templates in the database. `sealer` null: session-only mode, the password is not written (the caller keeps
 * it in memory). A delete keeps the row until the next delete so it can be undone.
 */
export class TemplateRepository {
  constructor(
    private readonly storage: Storage,
    private readonly sealer: Sealer | null,
  ) {}

  list(): StoredTemplate[] {
    const rows = this.storage.all<{ id: string; template: string; password: Uint8Array | null }>('SELECT id, template, password FROM camera_templates WHERE deleted_at IS NULL ORDER BY seq');
    return readableRows(this.storage, 'camera_templates', rows, (row) => ({
      template: templateSchema.parse(JSON.parse(row.template)),
      password: row.password && this.sealer ? this.passwordOf(this.sealer, row.id, row.password) : null,
    }));
  }

  /** The template's sealed password; one that does not open is told, and the template is shown without it. */
  private passwordOf(sealer: Sealer, id: string, sealed: Uint8Array): string | null {
    try {
      return sealer.open(sealed, `template-password:${id}`).toString('utf8');
    } catch (error) {
      this.storage.unreadable('camera_templates', error);
      return null;
    }
  }

  /** Writes the template (a new one, or a change of one with this id) and its password, in one transaction. */
  save(template: CameraTemplate): void {
    const password = template.values.onvif_credentials?.password;
    const sealed = password && this.sealer ? this.sealer.seal(password, `template-password:${template.id}`) : null;
    this.storage.transaction(() => {
      this.storage
        .statement(
          `INSERT INTO camera_templates (id, seq, name, template, password, updated_at)
           VALUES (?, (SELECT coalesce(max(seq), 0) + 1 FROM camera_templates), ?, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET name = excluded.name, template = excluded.template, password = excluded.password, updated_at = excluded.updated_at, deleted_at = NULL`,
        )
        .run(template.id, template.name, JSON.stringify(valuesWithoutPassword(template)), sealed, template.updatedAt);
    });
  }

  /** Marks it deleted (false when there is none); templates deleted before are forgotten now. */
  remove(id: string, at: string): boolean {
    return this.storage.transaction(() => {
      if (this.storage.statement('UPDATE camera_templates SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL').run(at, id).changes === 0) return false;
      this.storage.statement('DELETE FROM camera_templates WHERE deleted_at IS NOT NULL AND id <> ?').run(id);
      return true;
    });
  }

  undoRemove(id: string): boolean {
    return this.storage.transaction(() => this.storage.statement('UPDATE camera_templates SET deleted_at = NULL WHERE id = ? AND deleted_at IS NOT NULL').run(id).changes > 0);
  }
}
