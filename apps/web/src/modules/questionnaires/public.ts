/** What other features use of questionnaires: every questionnaire (a logistics type names the driver's). */
export { useEveryQuestionnaire } from './api';
