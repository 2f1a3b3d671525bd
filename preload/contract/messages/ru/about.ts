import type { MessagesOf } from '../types';
import type { about as en } from '../en/about';

export const about: MessagesOf<typeof en> = {
  title: 'О программе Watchdesk',
  subtitle: 'Версии и состояние связки ключей этого компьютера — для службы поддержки.',
  reading: 'Чтение версий…',
  label: 'Об этой консоли',
  version: 'Версия',
  runningIn: 'Где работает',
  hostElectron: 'Настольное приложение (Electron)',
  hostWeb: 'Браузер (локальный веб-сервер)',
  platform: 'Платформа',
  node: 'Node.js',
  electron: 'Electron',
  notElectron: 'работает не в Electron',
  keychain: 'Связка ключей ОС',
  available: 'Доступна',
  unavailable: 'Недоступна',
  copyDetails: 'Скопировать для поддержки',
  dataFolder: 'Папка данных',
  notWritable: 'Запись невозможна',
};
