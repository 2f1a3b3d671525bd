import type { MessagesOf } from '../types';
import type { bridge as en } from '../en/bridge';

export const bridge: MessagesOf<typeof en> = {
  cancelled: 'Действие отменено.',
  hostLost: 'Консоль потеряла связь со своим локальным сервером. Запущен ли ещё «npm run web»? Когда он снова запущен, перезагрузите страницу.',
};
