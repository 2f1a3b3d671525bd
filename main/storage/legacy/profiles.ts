import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { linkWithoutCredentials, profileSchema, type Profile } from '../../../preload/contract/wire/profile';
import { log } from '../../shared/log';
import { createProfileRepository } from '../repositories/profile-repository';
import { migrateCaFile } from './ca-file';
import type { LegacySource } from './legacy-import';

const PROFILES_FILE = 'profiles.json';

/** profiles.json as the console wrote it before the database: the profiles and which one was in use. */
const profilesFileSchema = z.object({ version: z.literal(1), activeId: z.string().nullable(), profiles: z.array(z.unknown()) });

/**
 * The server profiles. A file that is not a profiles file cannot be taken in (it stays where it is, and the operator
 * is told); single entries that no longer validate are left out and named in the log (the whole file is kept aside as
 * `profiles.json.before-database`). A CA kept as a file path is read once more here and kept as text.
 */
export const legacyProfiles: LegacySource = {
  name: 'server profiles',
  files: [PROFILES_FILE],
  async read({ dataDir }) {
    const file = profilesFileSchema.parse(JSON.parse(await readFile(join(dataDir, PROFILES_FILE), 'utf8')));
    const profiles: Profile[] = [];
    for (const stored of file.profiles) {
      const { entry, migration } = await migrateCaFile(stored);
      // A user name and password in its playback link are not taken into the database (profiles keep no passwords).
      const record = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : null;
      const link = record?.playbackUrlTemplate;
      const profile = profileSchema.safeParse(record && typeof link === 'string' ? { ...record, playbackUrlTemplate: linkWithoutCredentials(link) } : entry);
      if (!profile.success) {
        log.warn('profiles', 'an earlier profile could not be read and was left out (kept in profiles.json.before-database)');
        continue;
      }
      profiles.push(profile.data);
      if (migration !== 'none') {
        log.info('profiles', migration === 'taken-over' ? `profile ${profile.data.name}: its CA certificate is kept as text now` : `profile ${profile.data.name}: its CA certificate has to be chosen again`);
      }
    }
    const activeId = profiles.some((p) => p.id === file.activeId) ? file.activeId : null;
    return (storage) => createProfileRepository(storage).replace({ activeId, profiles });
  },
};
