import type { DeepStrings } from '../../../platform/locales/types';
import type { passkeySignInEn } from './signinEn';

export const passkeySignInZh: DeepStrings<typeof passkeySignInEn> = {
  button: '使用通行密钥登录',
  dismissed: '通行密钥提示已关闭。请重试，或使用密码登录。',
  secondDismissed: '通行密钥提示已关闭。请重试，或改用恢复码。',
  secondTitle: '使用通行密钥确认',
  secondExplain: '密码正确。此账号还需要使用它的一个通行密钥确认。',
  usePasskey: '使用我的通行密钥',
  useCode: '改用恢复码',
  code: '恢复码',
  codePlaceholder: 'ABCDE-FGH23',
  submitCode: '登录',
  back: '返回登录',
};
