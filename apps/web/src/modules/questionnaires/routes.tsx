import type { ScreenEntry } from '../../platform/routes';

/**
 * Custom settings › safety induction (spec section 2: `question` with '' the settings list, `bank` with `item`; the
 * training videos' `detail` joins from routes.videos.tsx). The questionnaire calls are the administrators' and the HSE
 * officers' (QUESTIONNAIRE_MANAGERS); in the admin area that is the manager role.
 */
export const questionScreens: readonly ScreenEntry[] = [
  {
    path: '',
    titleKey: 'menu.questionSettings',
    area: 'questionnaires',
    icon: 'SafetyCertificateOutlined',
    roles: ['manager'],
    feature: 'questionnaire',
    page: () => import('./pages/SettingsPage').then((m) => m.SettingsPage),
  },
  {
    path: 'bank',
    titleKey: 'menu.questionBank',
    area: 'questionnaires',
    icon: 'UnorderedListOutlined',
    roles: ['manager'],
    feature: 'questionnaire',
    page: () => import('./pages/BankPage').then((m) => m.BankPage),
  },
  {
    path: 'bank/item',
    titleKey: 'menu.questionItems',
    area: 'questionnaires',
    roles: ['manager'],
    feature: 'questionnaire',
    hideInMenu: true,
    page: () => import('./pages/QuestionsPage').then((m) => m.QuestionsPage),
  },
];

/** The /question section; `more` are the section's other screens (the training videos). */
export function questionSection(more: readonly ScreenEntry[] = []): ScreenEntry {
  return {
    path: 'question',
    titleKey: 'menu.question',
    icon: 'SafetyOutlined',
    roles: ['manager'],
    feature: 'questionnaire',
    group: 'custom',
    children: [...questionScreens, ...more],
  };
}

/** Report center › answer report (spec section 2: visitor/answerReport): the induction papers and their answers. */
export const answerReportScreen: ScreenEntry = {
  path: 'answerReport',
  titleKey: 'menu.answerReport',
  area: 'questionnaires',
  icon: 'FileSearchOutlined',
  roles: ['manager'],
  feature: 'questionnaire',
  page: () => import('./pages/AnswerReportPage').then((m) => m.AnswerReportPage),
};
