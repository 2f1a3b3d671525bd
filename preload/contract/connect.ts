import type { Said } from './said';
import { z } from 'zod';
import { fieldMessage } from './messages/field-message';
import { channel } from './channel';
import { event } from './event';
import type { AppErrorKind } from './app-error';
import { profileInputSchema, type Profile } from './wire/profile';
import type { CertificateInfo, ConnectionReport } from './wire/platform';
import type { KeychainStatus, StorageStatus } from './about';
import { caPemSchema, type CaCertificateSummary, type ChosenCaFile } from './wire/ca-certificate';

/** A profile as the renderer sees it: never the token, only whether one is kept and where. */
export type ProfileView = Profile & {
  tokenSource: 'keychain' | 'session' | 'demo' | 'none';
  /** The base URL points at this machine: the console may obtain a token from the local media server. */
  isLocal: boolean;
  /** In `ca` trust: whom each trusted certificate names and until when (read in main from the stored PEM). */
  caCertificates?: CaCertificateSummary[];
};

export type VaultStatusView = KeychainStatus & { mode: 'keychain' | 'session' };

export interface ProfilesOverview {
  profiles: ProfileView[];
  activeId: string | null;
  vault: VaultStatusView;
  /** The data folder: unwritable (why), and damaged files set aside this session. */
  storage: StorageStatus;
  /**
   * True where main can open the system's file dialog (the desktop app): the form then asks main to choose a CA file
   * (`profiles.chooseCaFile`); elsewhere the page reads a file input itself. No path ever crosses the door.
   */
  fileDialog: boolean;
}

export interface ConnectionHealth {
  profile: ProfileView | null;
  report: ConnectionReport | null;
  checkedAt: string | null;
}

/**
 * Whether the active server can be used, as the latest platform call (or connection test) found it. Pushed as
 * `connection.changed` the moment it changes, so the header need not wait for its periodic check.
 */
export interface ConnectionChange {
  profileId: string;
  ok: boolean;
  /** What went wrong, in words (the failure's sentence); null when ok. */
  reason: string | null;
  /** How `reason` was said, when main took it from its catalog: the header says it in the language shown now. */
  reasonSaid?: Said;
  kind: AppErrorKind | null;
  /** When it was found (ISO, UTC). */
  at: string;
}

export const connectEvents = {
  'connection.changed': event<ConnectionChange>(),
};

const profileId = z.string({ error: fieldMessage('validation.common.profileRequired') }).min(1, { error: fieldMessage('validation.common.profileRequired') });
const tokenText = z.string({ error: fieldMessage('validation.connect.tokenRequired') }).trim().min(1, { error: fieldMessage('validation.connect.tokenRequired') }).max(8192, { error: fieldMessage('validation.connect.tokenTooLong') });

export const connectChannels = {
  'profiles.list': channel<ProfilesOverview>()(z.undefined()),
  /** Creates (no id) or updates a profile; a token given here goes straight to the keychain. */
  'profiles.save': channel<ProfileView>()(profileInputSchema.extend({ id: z.string().optional(), token: tokenText.optional() })),
  /** Deletes a server; `profiles.restore` brings it back with its token until another is deleted or 10 minutes pass. */
  'profiles.remove': channel<null>()(z.object({ id: profileId })),
  'profiles.restore': channel<ProfileView>()(z.object({ id: profileId })),
  'profiles.activate': channel<ProfileView>()(z.object({ id: profileId })),
  'profiles.setToken': channel<ProfileView>()(z.object({ id: profileId, token: tokenText })),
  'profiles.clearToken': channel<ProfileView>()(z.object({ id: profileId })),
  'profiles.test': channel<ConnectionReport>()(z.object({ id: profileId })),
  'profiles.inspectCertificate': channel<CertificateInfo>()(z.object({ id: profileId })),
  /** Trust on first use: pins the certificate the user just reviewed (its fingerprint must still match). */
  'profiles.pinCertificate': channel<ProfileView>()(z.object({ id: profileId, sha256: z.string().min(1) })),
  /** Checks a pasted (or file-read) CA text and says whom each certificate names and until when; refuses it in words. */
  'profiles.describeCa': channel<CaCertificateSummary[]>()(z.object({ caPem: caPemSchema })),
  /**
   * Desktop app only (see `fileDialog`): main opens the system's file dialog, reads the chosen file and answers its
   * certificates as text (null when the dialog was closed). Takes no path: the renderer never names a file.
   */
  'profiles.chooseCaFile': channel<ChosenCaFile | null>()(z.undefined()),
  /** On the media-server host: asks the local token endpoint for an API token and stores it in the keychain. */
  'profiles.obtainToken': channel<ProfileView>()(
    z.object({
      id: profileId,
      client: z.string({ error: fieldMessage('validation.connect.clientRequired') }).trim().min(1, { error: fieldMessage('validation.connect.clientRequired') }).max(100),
      duration: z.number({ error: fieldMessage('validation.connect.durationRequired') }).int({ error: fieldMessage('validation.connect.durationWhole') }).min(0, { error: fieldMessage('validation.connect.durationNegative') }),
    }),
  ),
  'vault.useSessionOnly': channel<VaultStatusView>()(z.undefined()),
  /** The active profile's health for the header; cached briefly unless `force`. */
  'connection.check': channel<ConnectionHealth>()(z.object({ force: z.boolean().default(false) }).optional()),
};
