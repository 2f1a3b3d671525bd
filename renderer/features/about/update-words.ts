import type { UpdateStatus } from '../../../preload/contract/support';
import type { MessageKey, MessageValues } from '../../../preload/contract/messages';
import { spoken } from '../../lib/i18n.svelte';

/** The sentence for where an update stands, as a catalog key and its values (refusals bring their own sentence). */
export function updateStatusWords(status: UpdateStatus): { key: MessageKey; values?: MessageValues } | { text: string } {
  switch (status.state) {
    case 'refused':
    case 'failed':
      // Said again in the language shown now (it was written in the one of the moment it happened).
      return { text: spoken(status) };
    case 'current':
    case 'available':
    case 'ready':
      return { key: `about.updates.${status.state}`, values: { version: status.version } };
    case 'downloading':
      return { key: 'about.updates.downloading', values: { version: status.version, percent: status.percent } };
    default:
      return { key: `about.updates.${status.state}` };
  }
}

/** The tone of the status line: a refusal is bad news, a ready update good news, the rest plain. */
export function updateTone(status: UpdateStatus): 'ok' | 'bad' | 'info' {
  if (status.state === 'refused' || status.state === 'failed') return 'bad';
  if (status.state === 'ready' || status.state === 'current') return 'ok';
  return 'info';
}
