import { z } from 'zod';
import { channel } from '../channel';

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

export const appChannels = {
  'app.info': channel<AppInfo>()(z.undefined()),
};
