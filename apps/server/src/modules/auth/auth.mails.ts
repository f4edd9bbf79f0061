import type { Lang } from '@openvisit/contract';
import { mailLayout as layout } from '../../platform/messages/mailLayout.js';

export function activationMail(lang: Lang, v: { company: string; username: string; link: string; hours: number }) {
  if (lang === 'zh')
    return {
      subject: `激活您的 OpenVisit 账号 — ${v.company}`,
      ...layout(
        '激活您的账号',
        [`${v.username}，您好：`, `感谢注册 OpenVisit。请在 ${v.hours} 小时内点击下面的按钮激活 ${v.company} 的管理员账号。`],
        { href: v.link, label: '激活账号' },
        '如果这不是您本人的操作，请忽略此邮件。',
      ),
    };
  return {
    subject: `Activate your OpenVisit account — ${v.company}`,
    ...layout(
      'Activate your account',
      [
        `Hello ${v.username},`,
        `Thank you for registering with OpenVisit. Please activate the administrator account of ${v.company} within ${v.hours} hours.`,
      ],
      { href: v.link, label: 'Activate account' },
      'If you did not register, you can ignore this email.',
    ),
  };
}

export function resetMail(lang: Lang, v: { username: string; link: string; minutes: number }) {
  if (lang === 'zh')
    return {
      subject: '重置您的 OpenVisit 密码',
      ...layout(
        '重置密码',
        [`${v.username}，您好：`, `我们收到了重置密码的请求。该链接 ${v.minutes} 分钟内有效，且只能使用一次。`],
        { href: v.link, label: '设置新密码' },
        '如果这不是您本人的操作，请忽略此邮件，您的密码不会改变。',
      ),
    };
  return {
    subject: 'Reset your OpenVisit password',
    ...layout(
      'Reset your password',
      [`Hello ${v.username},`, `We received a request to reset your password. This link works once, for ${v.minutes} minutes.`],
      { href: v.link, label: 'Set a new password' },
      'If you did not ask for this, ignore this email; your password stays unchanged.',
    ),
  };
}

/** An employee's first password: a welcome to the company's employee portal, not a reset they never asked for. */
export function welcomeMail(lang: Lang, v: { username: string; company: string; link: string; minutes: number }) {
  if (lang === 'zh')
    return {
      subject: `欢迎使用 ${v.company} 的访客系统：设置您的密码`,
      ...layout(
        '设置您的密码',
        [
          `${v.username}，您好：`,
          `您可以使用 ${v.company} 的 OpenVisit 员工端邀请访客、查看来访。请先设置登录密码，之后使用手机号和该密码登录。`,
          `该链接 ${v.minutes} 分钟内有效，且只能使用一次。`,
        ],
        { href: v.link, label: '设置密码' },
        '如果这不是您本人的操作，请忽略此邮件。',
      ),
    };
  return {
    subject: `Welcome to ${v.company}'s visitor system: set your password`,
    ...layout(
      'Set your password',
      [
        `Hello ${v.username},`,
        `With ${v.company}'s OpenVisit employee portal you invite your visitors and see who is coming. First set a password; then sign in with your mobile phone and it.`,
        `This link works once, for ${v.minutes} minutes.`,
      ],
      { href: v.link, label: 'Set my password' },
      'If you did not ask for this, ignore this email.',
    ),
  };
}

/** Someone registered a company with an address that already signs in: told to the address, never to the form. */
export function alreadyRegisteredMail(lang: Lang, v: { signInLink: string; forgotLink: string }) {
  if (lang === 'zh')
    return {
      subject: '有人用您的邮箱注册 OpenVisit',
      ...layout(
        '该邮箱已经注册',
        ['您好：', '有人用您的邮箱注册了新公司，但该邮箱已经注册（already registered），因此没有创建新账号。', `忘记密码可在此重置：${v.forgotLink}`],
        { href: v.signInLink, label: '登录' },
        '如果这不是您本人的操作，请忽略此邮件，您的账号不会改变。',
      ),
    };
  return {
    subject: 'Someone registered on OpenVisit with your address',
    ...layout(
      'This address is already registered',
      [
        'Hello,',
        'Someone asked to register a new company with your email address, which is already registered, so no account was created.',
        `If you forgot your password, reset it here: ${v.forgotLink}`,
      ],
      { href: v.signInLink, label: 'Sign in' },
      'If you did not register, you can ignore this email; your account stays unchanged.',
    ),
  };
}

/** A new sub-company: its head office created it; it sets its password from this link, then signs in with its email. */
export function subWelcomeMail(lang: Lang, v: { name: string; company: string; link: string; minutes: number }) {
  if (lang === 'zh')
    return {
      subject: `${v.company} 已为您开通入驻企业账号：设置您的密码`,
      ...layout(
        '设置您的密码',
        [
          `${v.name}，您好：`,
          `${v.company} 已为您开通 OpenVisit 入驻企业账号。请先设置登录密码，之后在“入驻企业”登录页使用此邮箱和该密码登录。`,
          `该链接 ${v.minutes} 分钟内有效，且只能使用一次；过期后请联系 ${v.company} 重新发送。`,
        ],
        { href: v.link, label: '设置密码' },
        '如果这与您无关，请忽略此邮件。',
      ),
    };
  return {
    subject: `${v.company} opened a sub-company account for you: set your password`,
    ...layout(
      'Set your password',
      [
        `Hello ${v.name},`,
        `${v.company} opened an OpenVisit sub-company account for you. Set its password, then sign in on the sub-company sign-in page with this email.`,
        `This link works once, for ${v.minutes} minutes; after that, ask ${v.company} to send a new one.`,
      ],
      { href: v.link, label: 'Set your password' },
      'If this means nothing to you, ignore this email.',
    ),
  };
}
