import { act, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { saveLogin, signOutLocal } from '../../../platform/session';
import { configStub } from '../../../testing/fixtures';
import { stubServer } from '../../../testing/stubServer';
import { OnSiteBoardPage } from './OnSiteBoardPage';

const person = (vid: number, name: string, followers = 0) => ({
  vid,
  kind: 'walkin',
  name,
  phone: '13900000000',
  company: 'Star Ltd',
  empName: 'Hana Host',
  empPhone: '13800000001',
  visitType: '',
  followers,
  visitdate: Date.UTC(2026, 10, 24, 9, 30),
  cardNo: '',
});

function list(extra: ReturnType<typeof person>[] = []) {
  const east = [...extra, person(1, 'Early East', 2)];
  return {
    at: Date.now(),
    visits: east.length + 1,
    people: east.length + 3,
    byKind: { walkin: east.length + 1, invite: 0, appointment: 0, resident: 0 },
    gates: [
      { gid: 1, gname: 'East gate', people: east.length + 2, list: east },
      { gid: null, gname: '', people: 1, list: [person(2, 'No Gate Guest')] },
    ],
  };
}

describe('OnSiteBoardPage', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it('shows who is on site by gate with the totals, and an arrival from the stream appears highlighted', async () => {
    await i18n.changeLanguage('en');
    let push: (text: string) => void = () => undefined;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (text) => controller.enqueue(new TextEncoder().encode(text));
      },
    });
    let arrived = false;
    const server = stubServer({
      config: configStub,
      getOnSiteList: () => ({ status: 0, result: list(arrived ? [person(7, 'New Arrival')] : []) }),
      'events/onsite': () => new Response(stream, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    });
    const router = createMemoryRouter([{ path: '/visitor/onsite', element: <OnSiteBoardPage /> }], { initialEntries: ['/visitor/onsite'] });
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    const gates = await screen.findAllByTestId('onsite-gate');
    expect(gates.map((g) => within(g).getByText(/gate$|^No gate$/).textContent)).toEqual(['East gate', 'No gate']);
    expect(within(gates[0] as HTMLElement).getByText('3 people')).toBeTruthy();
    expect(screen.getByTestId('onsite-people').textContent).toContain('4');
    await waitFor(() => expect(screen.getByTestId('onsite-stream').getAttribute('data-state')).toBe('live'));
    expect(screen.getByText('Live')).toBeTruthy();

    arrived = true;
    const before = server.paths().filter((p) => p === 'getOnSiteList').length;
    push('event: onsite\ndata: {"vid":7,"kind":"walkin","gid":1,"move":"in"}\n\n');
    const row = (await screen.findByText('New Arrival')).closest('tr');
    expect(row?.className).toContain('onsite-new');
    expect(server.paths().filter((p) => p === 'getOnSiteList').length).toBeGreaterThan(before);
    expect(screen.getByText('Early East').closest('tr')?.className).not.toContain('onsite-new');
  });

  it('prints with the company, the moment of printing and a roll-call box per person', async () => {
    await i18n.changeLanguage('en');
    saveLogin({ token: 't', role: 1, userid: 1, company: 'Acme Works', tokenExpire: 0 }, 'manager');
    stubServer({
      config: configStub,
      getOnSiteList: () => ({ status: 0, result: list() }),
      'events/onsite': () => new Response(new ReadableStream(), { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    });
    const router = createMemoryRouter([{ path: '/', element: <OnSiteBoardPage /> }]);
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    await screen.findAllByTestId('onsite-gate');
    expect(screen.queryByTestId('evacuation-heading')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Present' })).toBeNull();
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    const heading = screen.getByTestId('evacuation-heading');
    expect(within(heading).getByText('Acme Works · Evacuation list')).toBeTruthy();
    expect(within(heading).getByText(/^Printed \d{1,2} \w{3} \d{4}, \d{2}:\d{2}:\d{2}$/)).toBeTruthy();
    expect(screen.getAllByRole('columnheader', { name: 'Present' })).toHaveLength(2);
    expect(screen.getAllByText('☐')).toHaveLength(2);
    act(() => {
      window.dispatchEvent(new Event('afterprint'));
    });
    expect(screen.queryByTestId('evacuation-heading')).toBeNull();
    signOutLocal();
  });

  it('says so when nobody is on site, in Chinese', async () => {
    await i18n.changeLanguage('zh');
    stubServer({
      config: configStub,
      getOnSiteList: () => ({ status: 0, result: { at: Date.now(), visits: 0, people: 0, byKind: {}, gates: [] } }),
      'events/onsite': () => new Response(new ReadableStream(), { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    });
    const router = createMemoryRouter([{ path: '/', element: <OnSiteBoardPage /> }]);
    render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByText('当前无人在场')).toBeTruthy();
    expect(screen.getByRole('button', { name: /打印疏散名单/ })).toBeTruthy();
  });
});
