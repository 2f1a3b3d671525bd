import { z } from 'zod';
import { channel } from './channel';
import { languages } from './messages';

export const keychainStatusSchema = z.object({
  available: z.boolean(),
  /** Why the keychain cannot be used, in words, with the fix. Present when unavailable. */
  reason: z.string().optional(),
  backend: z.string(),
});
export type KeychainStatus = z.infer<typeof keychainStatusSchema>;

export interface AppInfo {
  name: string;
  version: string;
  platform: string;
  arch: string;
  nodeVersion: string;
  electronVersion: string | null;
  chromeVersion: string | null;
  host: 'electron' | 'web';
  keychain: KeychainStatus;
}

export const aboutChannels = {
  'app.info': channel<AppInfo>()(z.undefined()),
  /** The language the renderer shows; main writes its sentences (errors, reports) in it from now on. */
  'app.setLanguage': channel<null>()(z.object({ language: z.enum(languages) })),
};
