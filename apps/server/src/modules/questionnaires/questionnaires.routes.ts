import * as c from '@openvisit/contract';
import { bind } from '../../platform/http/calls.js';
import { bindDownload } from '../../platform/http/downloads.js';
import * as exams from './questionnaires.exams.js';
import { importQuestions, questionTemplate } from './questionnaires.import.js';
import * as questions from './questionnaires.questions.js';
import * as report from './questionnaires.report.js';
import * as bank from './questionnaires.service.js';

export const questionnairesRoutes = [
  bind(c.getQuestionnaire, (input, ctx) => bank.listQuestionnaires(ctx, input)),
  bind(c.addQuestionnaire, (input, ctx) => bank.addQuestionnaire(ctx, input)),
  bind(c.updateQuestionnaire, (input, ctx) => bank.updateQuestionnaire(ctx, input)),
  bind(c.delQuestionnaire, (input, ctx) => bank.removeQuestionnaires(ctx, input)),
  bind(c.updateQuestionnaireSwitch, (input, ctx) => bank.setQuestionnaireSwitch(ctx, input)),
  bind(c.getQueDetailList, (input, ctx) => questions.listQuestions(ctx, input)),
  bind(c.addQuestionnaireDetail, (input, ctx) => questions.addQuestion(ctx, input)),
  bind(c.updateQuestionnaireDetail, (input, ctx) => questions.updateQuestion(ctx, input)),
  bind(c.delQuestionnaireDetail, (input, ctx) => questions.removeQuestions(ctx, input)),
  bind(c.importQuestions, (input, ctx) => importQuestions(ctx, input)),
  bind(c.getRandomTopicList, (input, ctx) => exams.drawAtKiosk(ctx, input)),
  bind(c.getInviteExam, (input, ctx) => exams.drawOnInvitation(ctx, input)),
  bind(c.examSubmit, (input, ctx) => exams.submit(ctx, input)),
  bind(c.getSubmitAnswerList, (input, ctx) => report.listPapers(ctx, input)),
  bind(c.getAnswerResult, (input, ctx) => report.paperResult(ctx, input)),
  bind(c.getInductionPass, (input, ctx) => exams.heldPass(ctx, input)),
  bind(c.getExamQuestionStats, (input, ctx) => report.questionStats(ctx, input)),
];

export const questionnairesDownloads = [
  bindDownload(c.exportQuestionTemplate, async (input) => questionTemplate(input)),
  bindDownload(c.exportAnswerList, async (input, ctx) => report.exportPapers(ctx, input)),
];
