import type { ScreenEntry } from '../../platform/routes';

/** Training videos (/question/detail, spec section 2 `question`: detail holds the video settings); off with 'questionnaire'. */
export const trainingVideoScreen: ScreenEntry = {
  path: 'question/detail',
  titleKey: 'questionnaireVideos.title',
  area: 'questionnaires',
  icon: 'SafetyCertificateOutlined',
  roles: ['manager'],
  feature: 'questionnaire',
  group: 'custom',
  page: () => import('./pages/VideosPage').then((m) => m.VideosPage),
};
