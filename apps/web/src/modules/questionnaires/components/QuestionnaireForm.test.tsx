import type { Questionnaire } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { type StubHandler, stubServer } from '../../../testing/stubServer';
import { QuestionnaireForm } from './QuestionnaireForm';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

const ok =
  (result: unknown): StubHandler =>
  () => ({ status: 0, result });
const page = (list: unknown[]) => ({ pageNo: 1, pageSize: 500, count: list.length, list });

const SAFETY: Questionnaire = {
  qid: 4,
  title: 'Workshop safety',
  titleEn: '',
  fdesc: '',
  topicNum: 5,
  passScore: 40,
  ansTime: 10,
  validityDays: 30,
  maxAttempts: 3,
  videoId: null,
  minWatchPercent: 100,
  rewatchOnRetry: false,
  tids: [7],
  enabled: true,
  version: 3,
  questionCount: { zh: 6, en: 4 },
  minPaperScore: 50,
  createTime: 0,
  updateTime: 0,
};

function renderForm(questionnaire: Questionnaire | null, handlers: Record<string, StubHandler>) {
  const server = stubServer({
    getVisitorType: ok([{ tid: 7, vType: '施工#Contractor', subTypes: [], reasons: [], povDays: 1, gids: [], order: 1, fields: [] }]),
    getTrainingVideo: ok(page([])),
    ...handlers,
  });
  const onClose = vi.fn();
  render(
    <AppProviders queryClient={createQueryClient()}>
      <QuestionnaireForm open questionnaire={questionnaire} onClose={onClose} />
    </AppProviders>,
  );
  return { server, onClose };
}

const save = () => fireEvent.click(screen.getByRole('button', { name: /Save/ }));

describe('QuestionnaireForm', () => {
  it('checks the limits as typed and puts the server’s field errors on their fields', async () => {
    const { server, onClose } = renderForm(SAFETY, {
      updateQuestionnaire: () => ({
        status: 400,
        reason: 'bad',
        result: {
          errors: [
            { field: 'topicNum', rule: 'moreThanQuestions' },
            { field: 'passScore', rule: 'aboveTotal' },
          ],
        },
      }),
    });
    const form = await screen.findByTestId('questionnaire-form');
    expect(within(form).getByText('Enabled questions: 6 in Chinese, 4 in English')).toBeTruthy();

    fireEvent.change(screen.getByTestId('q-topicNum'), { target: { value: '0' } });
    fireEvent.change(screen.getByTestId('q-ansTime'), { target: { value: '181' } });
    await waitFor(() => expect(within(form).getAllByText(/^A whole number from/)).toHaveLength(2));
    expect(within(form).getByText('A whole number from 1 to 100')).toBeTruthy();
    expect(within(form).getByText('A whole number from 1 to 180')).toBeTruthy();
    save();
    expect(server.bodies('updateQuestionnaire')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('q-topicNum'), { target: { value: '8' } });
    fireEvent.change(screen.getByTestId('q-ansTime'), { target: { value: '15' } });
    await waitFor(() => expect(within(form).queryAllByText(/^A whole number from/)).toHaveLength(0));
    save();
    await waitFor(() => expect(server.bodies('updateQuestionnaire')).toHaveLength(1));
    expect(server.bodies('updateQuestionnaire')[0]).toEqual({
      qid: 4,
      title: 'Workshop safety',
      titleEn: '',
      fdesc: '',
      topicNum: 8,
      passScore: 40,
      ansTime: 15,
      validityDays: 30,
      maxAttempts: 3,
      videoId: null,
      minWatchPercent: 100,
      rewatchOnRetry: false,
      tids: [7],
      enabled: true,
    });
    expect(await within(form).findByText('More than the enabled questions can give in each language')).toBeTruthy();
    expect(within(form).getByText('Above the total a drawn paper can reach')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows a title taken (3) on the title and a visitor type gone (104) on the types', async () => {
    let answer = 3;
    const { server } = renderForm(null, { addQuestionnaire: () => ({ status: answer, reason: 'refused' }) });
    const form = await screen.findByTestId('questionnaire-form');
    fireEvent.change(screen.getByTestId('q-title'), { target: { value: 'Visitor induction' } });
    save();
    expect(await within(form).findByText('A questionnaire with this title exists')).toBeTruthy();
    expect(server.bodies('addQuestionnaire')[0]).toMatchObject({ title: 'Visitor induction', topicNum: 10, enabled: false, tids: [] });

    answer = 104;
    fireEvent.change(screen.getByTestId('q-title'), { target: { value: 'Visitor induction 2' } });
    save();
    expect(await within(form).findByText('A chosen visitor type no longer exists')).toBeTruthy();
    // Neither refusal is also a toast: the form shows them.
    expect(document.querySelector('.ant-message-notice')).toBeNull();
  });
});
