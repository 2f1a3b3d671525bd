import type { MessagesOf } from '../types';
import type { errors as en } from '../en/errors';

export const errors: MessagesOf<typeof en> = {
  actions: {
    'open-connect': 'Открыть «Подключение»',
  },
};
