import type { MessagesOf } from '../types';
import type { shell as en } from '../en/shell';

export const shell: MessagesOf<typeof en> = {
  skipToContent: 'Перейти к содержимому',
  screensNav: 'Разделы',
  language: 'Язык',
  screens: {
    connect: { label: 'Подключение', hint: 'Серверы и API-токены' },
    tokens: { label: 'Токены потоков', hint: 'Выдача токенов просмотра' },
    onboarding: { label: 'Добавление камер', hint: 'Мастер, импорт, очередь' },
    agents: { label: 'Агенты', hint: 'Устройства camera-agent' },
    dashboard: { label: 'Панель', hint: 'Статистика платформы' },
    analytics: { label: 'Аналитика', hint: 'Задачи аналитики' },
    about: { label: 'О программе', hint: 'Версии и связка ключей' },
  },
};
