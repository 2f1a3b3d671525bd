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

/** The data folder: whether it can be written, and what was set aside in it this session (told on screen). */
export interface StorageStatus {
  path: string;
  writable: boolean;
  /** Why it cannot be written (folder, reason, what to do); null when it can. */
  problem: string | null;
  /** Sentences about files found damaged and set aside (e.g. the server profiles file). */
  notices: string[];
}

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
  storage: StorageStatus;
}

/**
 * Main's HTTP stack (undici, its parser, TLS) made ready ahead of the first server call: `cold` until the page asks,
 * with what each part took once `warm` (in main, while the page was idle; figures only, for the log and support).
 */
export type HttpWarmth = { state: 'cold' } | { state: 'warming' } | { state: 'warm'; loadMs: number; firstRequestMs: number; tlsMs: number };

export const aboutChannels = {
  'app.info': channel<AppInfo>()(z.undefined()),
  /** The language the renderer shows; main writes its sentences (errors, reports) in it from now on. */
  'app.setLanguage': channel<null>()(z.object({ language: z.enum(languages) })),
  /** Asked by the page once its first screen is up and it is idle: main readies what the first server call needs. */
  'app.warmUp': channel<HttpWarmth>()(z.undefined()),
};
