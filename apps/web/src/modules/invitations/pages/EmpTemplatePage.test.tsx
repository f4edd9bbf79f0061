import type { InvitationTemplateRecord } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { configStub } from '../../../testing/fixtures';
import { stubServer } from '../../../testing/stubServer';
import { sampleTemplate, userInfo } from '../testing';
import { EmpTemplatePage } from './EmpTemplatePage';

function renderPage() {
  const router = createMemoryRouter([{ path: '/emporder/emptemplate', element: <EmpTemplatePage /> }], {
    initialEntries: ['/emporder/emptemplate'],
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const letters = () => screen.getAllByLabelText('Invitation letter') as HTMLTextAreaElement[];

describe('EmpTemplatePage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('starts the employee’s own template from the company’s, saves it, and goes back to the company’s after confirming', async () => {
    let own: InvitationTemplateRecord | null = null;
    const company = sampleTemplate(1, { inviteContent: '公司面试邀请', inviteContentEn: 'Company interview letter' });
    const server = stubServer({
      config: configStub,
      GetUserInfo: userInfo,
      getEmptemplateByType: () => ({ status: 0, result: { template: own, editable: true } }),
      getInviteTemplate: () => ({ status: 0, result: { template: { ...company, source: 'company' } } }),
      addEmptemplate: (b) => {
        own = sampleTemplate(9, { ...(b as Partial<InvitationTemplateRecord>), empid: 5 });
        return { status: 0, result: own };
      },
      delEmptemplate: () => {
        own = null;
        return { status: 0, result: null };
      },
    });
    renderPage();
    expect(await screen.findByText(/You have no Interview template of your own: the company’s applies/)).toBeTruthy();
    expect(letters()[0]?.value).toBe('公司面试邀请');
    expect(letters()[0]?.disabled).toBe(false);
    fireEvent.change(letters()[0] as HTMLElement, { target: { value: '我的面试邀请' } });
    fireEvent.click(screen.getByRole('button', { name: /Save my template/ }));
    await waitFor(() => expect(server.bodies('addEmptemplate')).toHaveLength(1));
    expect(server.bodies('addEmptemplate')[0]).toMatchObject({
      templateType: 0,
      inviteContent: '我的面试邀请',
      inviteContentEn: 'Company interview letter',
    });
    expect(await screen.findByText('You use your own Interview template.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Use the company’s template/ }));
    expect(await screen.findByText('Delete your own Interview template? The company’s will apply again.')).toBeTruthy();
    expect(server.bodies('delEmptemplate')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.bodies('delEmptemplate')).toEqual([{ templateType: 0 }]));
    expect(await screen.findByText(/You have no Interview template of your own/)).toBeTruthy();
  });

  it('read-only with a note when the company keeps templates to itself', async () => {
    const server = stubServer({
      config: configStub,
      GetUserInfo: userInfo,
      getEmptemplateByType: () => ({ status: 0, result: { template: sampleTemplate(9, { inviteContent: '旧的个人模板' }), editable: false } }),
      getInviteTemplate: () => ({ status: 0, result: { template: { ...sampleTemplate(1, { inviteContent: '公司模板' }), source: 'company' } } }),
    });
    renderPage();
    expect(await screen.findByText('The company does not let employees edit invitation templates; its templates apply.')).toBeTruthy();
    expect(letters()[0]?.value).toBe('公司模板');
    expect(letters()[0]?.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /Save my template/ })).toBeNull();
    expect(server.paths()).not.toContain('addEmptemplate');
  });

  it('says when no template exists at all (56), and the business tab has its own', async () => {
    stubServer({
      config: configStub,
      GetUserInfo: userInfo,
      getEmptemplateByType: () => ({ status: 0, result: { template: null, editable: true } }),
      getInviteTemplate: () => ({ status: 0, result: { template: null } }),
    });
    renderPage();
    expect(
      await screen.findByText('No Interview template, neither yours nor the company’s: invitations are sent with the standard text.'),
    ).toBeTruthy();
    expect(letters()[0]?.value).toBe('');
    fireEvent.click(screen.getByRole('tab', { name: 'Business' }));
    expect(await screen.findByText(/No Business template, neither yours/)).toBeTruthy();
    expect(within(document.body).queryByText('No invitation template')).toBeNull();
  });
});
