import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { samplePaper, samplePass } from '../../../core/induction/testing';
import { formatDateTime } from '../../../platform/format';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { configStub as config } from '../../../testing/fixtures';
import { stubServer } from '../../../testing/stubServer';
import { sampleInvitation } from '../testing';
import { InvitationPage } from './InvitationPage';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789';
const REQUIRED = { qid: 3, title: 'Site safety', titleEn: '', pass: null };

function renderPage() {
  const router = createMemoryRouter([{ path: '/invite', element: <InvitationPage /> }], { initialEntries: [`/invite?token=${TOKEN}`] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const PASSED = {
  pid: 41,
  passed: true,
  totalScore: 100,
  fullScore: 100,
  passScore: 60,
  pass: samplePass(),
  attemptsLeft: null,
  answers: [
    { qdid: 11, correct: true, score: 50 },
    { qdid: 12, correct: true, score: 50 },
  ],
};

describe('InvitationPage: the safety induction before arriving', () => {
  beforeEach(async () => {
    localStorage.clear();
    await i18n.changeLanguage('en');
  });
  afterEach(async () => {
    await i18n.changeLanguage('en');
    vi.unstubAllGlobals();
  });

  it('no section when the visit needs none, or when the invitation can no longer be used', async () => {
    stubServer({ config, updateAppPreview: () => ({ status: 0, result: sampleInvitation() }) });
    renderPage();
    await screen.findByText('Acme invites you');
    expect(screen.queryByTestId('invitation-induction')).toBeNull();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    stubServer({
      config,
      updateAppPreview: () => ({
        status: 0,
        result: sampleInvitation({ status: 'ended', pass: null, code: null, canReply: false, induction: REQUIRED }),
      }),
    });
    renderPage();
    await screen.findByText('Acme invites you');
    expect(screen.queryByTestId('invitation-induction')).toBeNull();
  });

  it('shows the pass held: questionnaire, score and until when it counts', async () => {
    stubServer({
      config,
      updateAppPreview: () => ({ status: 0, result: sampleInvitation({ induction: { ...REQUIRED, pass: samplePass({ totalScore: 90 }) } }) }),
    });
    renderPage();
    const pass = await screen.findByTestId('induction-pass');
    expect(pass.textContent).toContain('Passed: Site safety');
    expect(pass.textContent).toContain('Score 90 of 100');
    expect(pass.textContent).toContain(`Valid until ${formatDateTime(samplePass().validUntil)}`);
    expect(screen.queryByRole('button', { name: 'Take the induction now' })).toBeNull();
  });

  it('takes the induction on the page (by the link, in the page’s language), then reads the page again', async () => {
    let passed = false;
    const server = stubServer({
      config,
      updateAppPreview: () => ({ status: 0, result: sampleInvitation({ induction: { ...REQUIRED, pass: passed ? samplePass() : null } }) }),
      getInviteExam: () => ({ status: 0, result: { pass: null, paper: samplePaper({ video: null }) } }),
      examSubmit: () => {
        passed = true;
        return { status: 0, result: PASSED };
      },
    });
    renderPage();
    expect(await screen.findByText(/Before your visit, please take the safety induction “Site safety”/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Take the induction now' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'No' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Door B' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit my answers' }));
    expect((await screen.findByTestId('induction-pass')).textContent).toContain('Passed: Site safety');
    expect(server.bodies('getInviteExam')).toEqual([{ secid: TOKEN, lang: 'en' }]);
    expect(server.bodies('examSubmit')[0]).toMatchObject({
      answers: [
        { qdid: 11, chosen: [1] },
        { qdid: 12, chosen: [1] },
      ],
    });
    expect(server.bodies('updateAppPreview')).toHaveLength(2);
  });

  it('an invitation no longer usable (58) says so; one that needs no induction any more (697) reads the page again', async () => {
    let answer = 58;
    let required = true;
    const server = stubServer({
      config,
      updateAppPreview: () => ({ status: 0, result: sampleInvitation({ induction: required ? REQUIRED : null }) }),
      getInviteExam: () => ({ status: answer, reason: 'x' }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Take the induction now' }));
    expect(await screen.findByText('This invitation can no longer be used: the induction cannot be taken with it.')).toBeTruthy();
    answer = 697;
    required = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByTestId('invitation-induction')).toBeNull());
    expect(server.bodies('updateAppPreview')).toHaveLength(2);
  });

  it('in Chinese', async () => {
    stubServer({ config, updateAppPreview: () => ({ status: 0, result: sampleInvitation({ lang: 'zh', induction: REQUIRED }) }) });
    renderPage();
    expect(await screen.findByRole('button', { name: '现在参加培训' })).toBeTruthy();
    expect(screen.getByText('安全培训')).toBeTruthy();
  });
});
