import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { type StubHandler, stubServer } from '../../../testing/stubServer';
import { QuestionForm } from './QuestionForm';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => vi.unstubAllGlobals());

function renderForm(handlers: Record<string, StubHandler> = {}) {
  const server = stubServer(handlers);
  const onClose = vi.fn();
  render(
    <AppProviders queryClient={createQueryClient()}>
      <QuestionForm qid={5} question={null} open onClose={onClose} />
    </AppProviders>,
  );
  return { server, onClose };
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const summary = () => screen.getByText(/^Right answer:|^No right answer marked yet$/).textContent;

describe('QuestionForm', () => {
  it('checks the question as it is typed with the contract rules, and on save every field', async () => {
    const { server } = renderForm();
    const form = await screen.findByTestId('question-form');

    // A touched field says what is wrong as soon as it is typed; untouched ones stay quiet.
    type('question-text-zh', '安全帽');
    type('question-text-zh', '');
    await waitFor(() => expect(within(form).getAllByText('Required')).toHaveLength(1));

    type('option-0-zh', '戴安全帽');
    type('option-1-zh', '戴安全帽');
    expect(await within(form).findByText('Two options say the same')).toBeTruthy();
    type('option-1-zh', '不戴');
    await waitFor(() => expect(within(form).queryByText('Two options say the same')).toBeNull());

    // Saving checks everything: the empty texts (zh question, both English options, the English question) and the answer.
    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(within(form).getAllByText('Required')).toHaveLength(4));
    expect(within(form).getByText('Mark the right answer')).toBeTruthy();
    expect(server.bodies('addQuestionnaireDetail')).toHaveLength(0);

    // A question for Chinese visitors only needs no English.
    fireEvent.click(within(form).getByText('Chinese only'));
    type('question-text-zh', '进入车间必须？');
    fireEvent.click(screen.getByLabelText('Option A is right'));
    await waitFor(() => expect(within(form).queryAllByText('Required')).toHaveLength(0));
    await waitFor(() => expect(within(form).queryByText('Mark the right answer')).toBeNull());
  });

  it('marks one right answer with radios for a single choice and several with checkboxes for a multiple one', async () => {
    const { server, onClose } = renderForm({
      addQuestionnaireDetail: (b) => ({ status: 0, result: { ...b, qdid: 9, picture: '', createTime: 0 } }),
    });
    const form = await screen.findByTestId('question-form');
    type('question-text-zh', '以下哪些是劳保用品？');
    type('question-text-en', 'Which are protective equipment?');
    fireEvent.click(screen.getByTestId('option-add'));
    const texts = [
      ['安全帽', 'Helmet'],
      ['手机', 'Phone'],
      ['手套', 'Gloves'],
    ];
    texts.forEach(([zh, en], i) => {
      type(`option-${i}-zh`, zh ?? '');
      type(`option-${i}-en`, en ?? '');
    });

    // Single: a second mark replaces the first.
    expect(screen.getByLabelText('Option A is right').getAttribute('type')).toBe('radio');
    fireEvent.click(screen.getByLabelText('Option A is right'));
    fireEvent.click(screen.getByLabelText('Option C is right'));
    await waitFor(() => expect(summary()).toBe('Right answer: C'));

    // Multiple: marks add up, and a second click takes one away.
    fireEvent.click(within(form).getByText('Multiple choice'));
    await waitFor(() => expect(screen.getByLabelText('Option A is right').getAttribute('type')).toBe('checkbox'));
    fireEvent.click(screen.getByLabelText('Option A is right'));
    fireEvent.click(screen.getByLabelText('Option B is right'));
    await waitFor(() => expect(summary()).toBe('Right answer: A, B, C'));
    fireEvent.click(screen.getByLabelText('Option B is right'));
    await waitFor(() => expect(summary()).toBe('Right answer: A, C'));

    // Removing option B moves C's mark up to B.
    fireEvent.click(screen.getByLabelText('Remove option B'));
    await waitFor(() => expect(summary()).toBe('Right answer: A, B'));

    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(server.bodies('addQuestionnaireDetail')).toHaveLength(1));
    expect(server.bodies('addQuestionnaireDetail')[0]).toEqual({
      qid: 5,
      kind: 'multiple',
      lang: 'both',
      questionZh: '以下哪些是劳保用品？',
      questionEn: 'Which are protective equipment?',
      options: [
        { zh: '安全帽', en: 'Helmet' },
        { zh: '手套', en: 'Gloves' },
      ],
      answer: [0, 1],
      score: 10,
      qorder: 0,
      fstatus: 1,
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('keeps one mark when a multiple choice becomes a single one, and shows the server’s refusal on its field', async () => {
    const { server } = renderForm({
      addQuestionnaireDetail: () => ({ status: 400, reason: 'bad', result: { errors: [{ field: 'options.1.en', rule: 'duplicate' }] } }),
    });
    const form = await screen.findByTestId('question-form');
    type('question-text-zh', '问');
    type('question-text-en', 'Q');
    type('option-0-zh', '甲');
    type('option-0-en', 'A');
    type('option-1-zh', '乙');
    type('option-1-en', 'B');
    fireEvent.click(within(form).getByText('Multiple choice'));
    await waitFor(() => expect(screen.getByLabelText('Option A is right').getAttribute('type')).toBe('checkbox'));
    fireEvent.click(screen.getByLabelText('Option A is right'));
    fireEvent.click(screen.getByLabelText('Option B is right'));
    await waitFor(() => expect(summary()).toBe('Right answer: A, B'));
    fireEvent.click(within(form).getByText('Single choice'));
    await waitFor(() => expect(summary()).toBe('Right answer: A'));

    fireEvent.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(server.bodies('addQuestionnaireDetail')).toHaveLength(1));
    expect(server.bodies('addQuestionnaireDetail')[0]).toMatchObject({ kind: 'single', answer: [0] });
    expect(await within(form).findByText('Two options say the same')).toBeTruthy();
  });
});
