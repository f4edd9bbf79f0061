import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { configStub } from '../../../testing/fixtures';
import { stubServer } from '../../../testing/stubServer';
import { type PendingUpload, stubXhr } from '../../../testing/stubXhr';
import { QuestionImport } from './QuestionImport';

const CHECKED = {
  total: 3,
  valid: 1,
  created: 0,
  errors: [{ row: 5, field: 'answer', rule: 'required' }],
  exampleRows: [2, 3],
  preview: [{ row: 4, kind: 'single', question: 'Where is the fire exit?', options: 3, answer: 'B', score: 5 }],
};

describe('QuestionImport', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('checks the file and says which template example rows it skipped, then adds the valid rows (issue 35)', async () => {
    stubServer({ config: configStub });
    const uploads = stubXhr();
    render(
      <AppProviders queryClient={createQueryClient()}>
        <QuestionImport qid={7} open onClose={() => {}} />
      </AppProviders>,
    );
    const dialog = await screen.findByRole('dialog');
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'questions.xlsx')] } });
    await waitFor(() => expect(uploads).toHaveLength(1));
    const check = uploads[0] as PendingUpload;
    expect(check.path).toBe('UploadExamTemplate');
    expect(check.form.get('dryRun')).toBe('true');
    act(() => check.progress(1));
    act(() => check.answer({ status: 0, result: CHECKED }));

    expect((await screen.findByTestId('import-examples')).textContent).toBe(
      'Example rows skipped (rows 2, 3): the template’s examples are never imported.',
    );
    expect(within(screen.getByTestId('import-errors')).getByText('5')).toBeTruthy();
    fireEvent.click(screen.getByTestId('import-run'));
    await waitFor(() => expect(uploads).toHaveLength(2));
    expect((uploads[1] as PendingUpload).form.get('dryRun')).toBe('false');
  });

  it('says so in Chinese too', async () => {
    stubServer({ config: configStub });
    const uploads = stubXhr();
    await i18n.changeLanguage('zh');
    render(
      <AppProviders queryClient={createQueryClient()}>
        <QuestionImport qid={7} open onClose={() => {}} />
      </AppProviders>,
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(dialog.querySelector('input[type="file"]') as HTMLInputElement, { target: { files: [new File(['x'], 'q.csv')] } });
    await waitFor(() => expect(uploads).toHaveLength(1));
    act(() => (uploads[0] as PendingUpload).answer({ status: 0, result: { ...CHECKED, exampleRows: [3] } }));
    expect((await screen.findByTestId('import-examples')).textContent).toBe('已跳过示例行（第 3 行）：模板中的示例不会导入。');
  });
});
