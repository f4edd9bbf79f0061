/** The company kernel: the company and its parsed settings (GetUserInfo), read by every feature, and the settings writes. */
export * from './api';
