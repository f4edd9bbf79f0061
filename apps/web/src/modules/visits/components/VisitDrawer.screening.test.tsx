import { Role, type ScreeningReview } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { saveLogin, signOutLocal } from '../../../platform/session';
import { sampleVisit } from '../../../testing/fixtures';
import { stubServer } from '../../../testing/stubServer';
import { VisitDrawer } from './VisitDrawer';

/** A visit screening held: the drawer says why and offers no approval, which only the review queue gives. */
const held: ScreeningReview = {
  id: 1,
  subject: 'visit',
  subjectId: 7,
  vid: 7,
  name: 'Zhang Wei',
  phone: '',
  channel: 'kiosk',
  matches: [
    {
      bid: 3,
      list: 'black',
      name: '張偉',
      level: 'refuse',
      photo: '',
      strength: 'possible',
      reason: { alias: 0, rules: ['pinyin'] },
      reasonText: { en: 'pinyin of the name', zh: '姓名的拼音' },
    },
  ],
  status: 'waiting',
  createTime: Date.UTC(2026, 11, 5, 3, 0),
  decidedBy: '',
  decideTime: null,
  remark: '',
};

function renderDrawer() {
  const router = createMemoryRouter([{ path: '/', element: <VisitDrawer vid={7} onClose={() => {}} /> }]);
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('VisitDrawer and screening', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    saveLogin({ token: 'tok', tokenExpire: 0, role: Role.ADMIN, sType: Role.ADMIN, userid: 1, company: 'ACME', modules: [] }, 'manager');
  });
  afterEach(() => {
    signOutLocal();
    vi.unstubAllGlobals();
  });

  for (const [label, review] of [
    ['held', held],
    ['never held', null],
  ] as const)
    it(`a visit waiting for approval, ${label}`, async () => {
      stubServer({
        config: () => ({ status: 0, result: { version: 'v', siteLabel: 'OpenVisit', captcha: false, features: { blacklist: true } } }),
        GetVisitorByVid: () => ({ status: 0, result: { ...sampleVisit(7, { status: 'unauthorized', permission: 0 }), history: [] } }),
        getVisitScreening: () => ({ status: 0, result: { review } }),
        getApprovalHistory: () => ({ status: 0, result: [] }),
      });
      renderDrawer();
      const detail = await screen.findByTestId('visit-detail');
      await within(detail).findByRole('button', { name: /Refuse/ });
      if (review) {
        expect(await within(detail).findByText('pinyin of the name')).toBeTruthy();
        await waitFor(() => expect(within(detail).queryByRole('button', { name: /Approve/ })).toBeNull());
      } else {
        expect(await within(detail).findByRole('button', { name: /Approve/ })).toBeTruthy();
        expect(within(detail).queryByTestId('visit-screening')).toBeNull();
      }
    });

  it('refused in the drawer, the visit is read again and so is its screening, now withdrawn', async () => {
    let status = 'unauthorized';
    const server = stubServer({
      config: () => ({ status: 0, result: { version: 'v', siteLabel: 'OpenVisit', captcha: false, features: { blacklist: true } } }),
      GetVisitorByVid: () => ({ status: 0, result: { ...sampleVisit(7, { status: status as 'unauthorized', permission: 0 }), history: [] } }),
      getVisitScreening: () => ({ status: 0, result: { review: { ...held, status: status === 'refused' ? 'withdrawn' : 'waiting' } } }),
      getApprovalHistory: () => ({ status: 0, result: [] }),
      updateVisitStatus: () => {
        status = 'refused';
        return { status: 0, result: sampleVisit(7, { status: 'refused', permission: 2 }) };
      },
    });
    renderDrawer();
    const detail = await screen.findByTestId('visit-detail');
    expect(await within(detail).findByText(/Held by screening since/)).toBeTruthy();
    fireEvent.click(await within(detail).findByRole('button', { name: /Refuse/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(server.bodies('updateVisitStatus')).toHaveLength(1));
    expect(await within(detail).findByText('Withdrawn')).toBeTruthy();
    expect(server.bodies('getVisitScreening').length).toBeGreaterThanOrEqual(2);
  });
});
