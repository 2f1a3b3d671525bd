import type { AppErrorAction } from '../../preload/contract/app-error';
import type { MessageKey } from '../../preload/contract/messages';
import type { ScreenKey } from './screens';

/**
 * Where each way out an error offers leads. Main names the intent (`open-connect`); only the renderer knows its
 * screens, so the route lives here. A new action is one line here and one label in messages/<lang>/ui.ts.
 */
export const errorActions: Record<AppErrorAction, { screen: ScreenKey; label: MessageKey }> = {
  'open-connect': { screen: 'connect', label: 'ui.actions.openConnect' },
};
