import type { MessagesOf } from '../types';
import type { dashboard as en } from '../en/dashboard';

/** Экран «Панель»: статистика за период в выбранном часовом поясе, медиасерверы, парк серверов и режим стены. */
export const dashboard: MessagesOf<typeof en> = {
  errors: {
    internal: 'Не удалось загрузить панель из-за внутренней ошибки Watchdesk. Попробуйте ещё раз.',
    periodRefused: 'Сервер не принял этот период. Проверьте период и часовой пояс и попробуйте ещё раз.',
    periodRefusedNoReason: 'Сервер не принял этот период.',
    noProfile: 'Сервер не выбран. Откройте «Подключение» и добавьте или выберите сервер.',
    profileGone: 'Этого профиля сервера больше нет. Выберите другой в «Подключении».',
    cancelled: 'Запрос отменён.',
  },
};
