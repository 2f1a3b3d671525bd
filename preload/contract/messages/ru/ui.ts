import type { MessagesOf } from '../types';
import type { ui as en } from '../en/ui';

export const ui: MessagesOf<typeof en> = {
  close: 'Закрыть',
  cancel: 'Отмена',
  confirm: 'Подтвердить',
  working: 'Выполняется…',
  retry: 'Повторить',
  copy: 'Копировать',
  copied: 'Скопировано',
  copyFailed: 'Система не дала доступ к буферу обмена. Выделите текст и нажмите Ctrl+C.',
  supportDetails: 'Подробности для поддержки',
  required: 'обязательно',
  dismiss: 'Скрыть',
  notifications: 'Уведомления',
  errorTitle: 'Что-то пошло не так',
  actions: {
    openConnect: 'Открыть «Подключение»',
  },
  table: {
    empty: 'Здесь пока ничего нет.',
    sortBy: 'Сортировать по столбцу «{{column}}»',
    rows_one: '{{count}} строка',
    rows_few: '{{count}} строки',
    rows_many: '{{count}} строк',
    rows_other: '{{count}} строки',
  },
};
