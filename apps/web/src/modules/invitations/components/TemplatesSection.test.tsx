import type { InvitationTemplateRecord } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { configStub } from '../../../testing/fixtures';
import { type StubHandler, stubServer } from '../../../testing/stubServer';
import { TemplatesPage } from '../pages/TemplatesPage';
import { sampleTemplate, userInfo } from '../testing';

const gates: StubHandler = () => ({
  status: 0,
  result: [
    { gid: 7, gname: 'East gate', accounts: 0, visitTypes: 0 },
    { gid: 8, gname: 'North gate', accounts: 0, visitTypes: 0 },
  ],
});

function renderPage() {
  const router = createMemoryRouter([{ path: '/setting/template', element: <TemplatesPage /> }], { initialEntries: ['/setting/template'] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const drawer = () => screen.getByRole('dialog');

describe('TemplatesSection', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('starts from the empty state, checks the texts as typed, previews the mail in each language and adds the default', async () => {
    let list: InvitationTemplateRecord[] = [];
    const server = stubServer({
      config: configStub,
      GetUserInfo: userInfo,
      getGate: gates,
      getUsertemplate: () => ({ status: 0, result: list }),
      addUserTemplate: (b) => {
        list = [sampleTemplate(1, { ...(b as Partial<InvitationTemplateRecord>), gid: null })];
        return { status: 0, result: list[0] };
      },
    });
    renderPage();
    const empty = await screen.findByTestId('templates-empty-0');
    expect(within(empty).getByText('No Interview template yet: invitations are sent with the standard text.')).toBeTruthy();
    fireEvent.click(within(empty).getByRole('button', { name: /Add the default template/ }));
    await screen.findByRole('dialog');
    expect(within(drawer()).getByText('New Interview template')).toBeTruthy();

    // Nothing in either language: refused before anything is sent.
    fireEvent.click(screen.getByTestId('template-save'));
    expect((await within(drawer()).findAllByText('Write the letter in at least one language')).length).toBeGreaterThan(0);
    const [letterZh] = within(drawer()).getAllByLabelText('Invitation letter');
    fireEvent.change(letterZh as HTMLElement, { target: { value: '欢迎来访\n请带身份证' } });
    const [addressZh] = within(drawer()).getAllByLabelText('Address');
    fireEvent.change(addressZh as HTMLElement, { target: { value: '朝阳路 1 号' } });
    await waitFor(() => expect(within(drawer()).queryAllByText('Write the letter in at least one language')).toHaveLength(0));
    fireEvent.change(within(drawer()).getByLabelText('Longitude'), { target: { value: '116.4' } });
    expect(await within(drawer()).findAllByText('Give both longitude and latitude, or neither')).not.toHaveLength(0);
    fireEvent.change(within(drawer()).getByLabelText('Longitude'), { target: { value: '' } });

    // The preview follows the form, in the tab's language (English falls back to the Chinese text).
    const preview = screen.getByTestId('template-preview');
    expect(within(preview).getByText('Acme 诚邀您来访')).toBeTruthy();
    expect(within(preview).getByText(/欢迎来访\s+请带身份证/)).toBeTruthy();
    fireEvent.click(within(drawer()).getByRole('tab', { name: 'English' }));
    expect(await within(screen.getByTestId('template-preview')).findByText('Acme invites you')).toBeTruthy();
    const [, letterEn] = within(drawer()).getAllByLabelText('Invitation letter');
    fireEvent.change(letterEn as HTMLElement, { target: { value: 'Welcome!' } });
    expect(await within(screen.getByTestId('template-preview')).findByText('Welcome!')).toBeTruthy();
    expect(within(screen.getByTestId('template-preview')).getByText('朝阳路 1 号')).toBeTruthy();

    fireEvent.click(screen.getByTestId('template-save'));
    await waitFor(() => expect(server.bodies('addUserTemplate')).toHaveLength(1));
    expect(server.bodies('addUserTemplate')[0]).toMatchObject({
      templateType: 0,
      gid: null,
      inviteContent: '欢迎来访\n请带身份证',
      address: '朝阳路 1 号',
      inviteContentEn: 'Welcome!',
      longitude: null,
      latitude: null,
    });
    expect(await screen.findByTestId('template-1')).toBeTruthy();
  });

  it('edits a template, shows a taken entrance on the field, and deletes only after confirming', async () => {
    let list = [sampleTemplate(1), sampleTemplate(2, { gid: 7, gname: 'East gate', inviteContent: '东门面试' })];
    const server = stubServer({
      config: configStub,
      GetUserInfo: userInfo,
      getGate: gates,
      getUsertemplate: () => ({ status: 0, result: list }),
      updateUserTemplate: () => ({ status: 3, reason: 'There is already a template of this type for this gate' }),
      delUsertemplate: (b) => {
        list = list.filter((x) => x.id !== b.id);
        return { status: 0, result: null };
      },
    });
    renderPage();
    const card = await screen.findByTestId('template-2');
    expect(within(card).getByText('Entrance East gate')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: /Edit Entrance East gate/ }));
    await screen.findByRole('dialog');
    expect(within(drawer()).getByText('Interview template')).toBeTruthy();
    expect((within(drawer()).getAllByLabelText('Invitation letter')[0] as HTMLTextAreaElement).value).toBe('东门面试');
    fireEvent.click(screen.getByTestId('template-save'));
    expect(await within(drawer()).findByText('This entrance already has its Interview template')).toBeTruthy();
    expect(server.bodies('updateUserTemplate')[0]).toMatchObject({ id: 2, templateType: 0, gid: 7, inviteContent: '东门面试' });
    fireEvent.click(within(drawer()).getByRole('button', { name: /Cancel/ }));

    fireEvent.click(within(screen.getByTestId('template-1')).getByRole('button', { name: /Delete Default/ }));
    expect(server.bodies('delUsertemplate')).toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.bodies('delUsertemplate')).toEqual([{ id: 1 }]));
    await waitFor(() => expect(screen.queryByTestId('template-1')).toBeNull());
    expect(screen.getByTestId('template-2')).toBeTruthy();
  });

  it('speaks Chinese', async () => {
    await i18n.changeLanguage('zh');
    stubServer({ config: configStub, GetUserInfo: userInfo, getGate: gates, getUsertemplate: () => ({ status: 0, result: [] }) });
    renderPage();
    expect(await screen.findByText('尚无面试模板：邀请函将使用标准文本发送。')).toBeTruthy();
    expect(screen.getAllByText('邀请函模板').length).toBeGreaterThan(0);
  });
});
