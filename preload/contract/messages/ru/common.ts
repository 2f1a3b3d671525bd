import type { MessagesOf } from '../types';
import type { common as en } from '../en/common';

export const common: MessagesOf<typeof en> = {
  cancel: 'Отмена',
  close: 'Закрыть',
  save: 'Сохранить',
  retry: 'Повторить',
  copy: 'Копировать',
  copied: 'Скопировано',
  loading: 'Загрузка…',
  notReported: 'нет данных',
  supportDetails: 'Подробности для поддержки',
  fieldHasErrors_one: '{{count}} поле требует внимания.',
  fieldHasErrors_few: '{{count}} поля требуют внимания.',
  fieldHasErrors_many: '{{count}} полей требуют внимания.',
  fieldHasErrors_other: '{{count}} поля требуют внимания.',
};
