import { log } from '../shared/log';
import { writeCrashRecord, type CrashRecord } from './crash-record-writer';

export interface CrashGuardOptions {
  dataDir: string;
  host: CrashRecord['host'];
  /** Told once a record is written (the web host prints it; the desktop app may notify). */
  onRecorded?: (file: string | null, kind: CrashRecord['kind']) => void;
}

/**
 * Catches what nothing else caught in main: an uncaught exception or an unhandled rejection is written down as a
 * crash record (scrubbed, its stack mapped to the sources) and logged, and the process keeps serving: every call is
 * its own promise, so one failed piece of work does not corrupt the others, and ending the console would lose the
 * operator's session (a running batch, an open form) for what is usually one bad answer. Returns the uninstaller.
 */
export function installCrashGuard(options: CrashGuardOptions): () => void {
  const record = (kind: CrashRecord['kind'], error: unknown): void => {
    try {
      const file = writeCrashRecord(options.dataDir, { kind, host: options.host, error });
      log.error('crash', `${kind === 'uncaught-exception' ? 'uncaught exception' : 'unhandled rejection'}: ${error instanceof Error ? error.message : String(error)}; ${file ? `recorded in ${file}` : 'the crash record could not be written'}; the console keeps running`, error);
      log.flush();
      options.onRecorded?.(file, kind);
    } catch {
      // Recording must never throw from here: that would end the process it is meant to keep alive.
    }
  };
  const onException = (error: Error): void => record('uncaught-exception', error);
  const onRejection = (reason: unknown): void => record('unhandled-rejection', reason);
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
  return () => {
    process.off('uncaughtException', onException);
    process.off('unhandledRejection', onRejection);
  };
}
