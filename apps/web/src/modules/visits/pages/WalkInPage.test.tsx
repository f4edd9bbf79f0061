import type { PadConfig, Visit } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { standardField } from '../../../core/walkIn/public';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { configStub } from '../../../testing/fixtures';
import { type StubHandler as Handler, stubServer } from '../../../testing/stubServer';
import { WalkInPage } from './WalkInPage';

const field = (eid: number, fieldName: string, displayName: string, extra: Record<string, unknown> = {}) => ({
  ...standardField(eid, fieldName, displayName, false),
  ...extra,
});

const padConfig = {
  userid: 1,
  company: 'Acme Holdings',
  shortName: 'Acme',
  settings: { secureProtocol: 'Be nice', cardSize: 0 },
  gates: [],
  faceConsent: {
    zh: { id: 41, version: 2, lang: 'zh', text: '人脸识别为自愿选择。' },
    en: { id: 42, version: 2, lang: 'en', text: 'Face recognition is your choice.' },
  },
  types: [
    {
      tid: 7,
      vType: '访客#Guest',
      reasons: ['会议#Meeting'],
      fields: [
        field(1, 'vname', '姓名#Name', { required: true }),
        field(2, 'vphone', '手机号#Phone', { required: true }),
        field(3, 'empid', '被访人#Host', { required: true }),
        field(4, 'photo', '照片#Photo'),
        field(5, 'floor', '楼层#Floor', { standard: false, inputType: 'button', inputValue: ['一楼#Ground', '二楼#First'], required: true }),
      ],
    },
  ],
} as unknown as PadConfig;

const config = configStub;
const hosts: Handler = () => ({
  status: 0,
  result: [{ empid: 9, empName: 'Ada Host', empNo: 'E9', empPhone: '13900139009', deptNames: ['Sales'], empPosition: '' }],
});

function renderPage() {
  const router = createMemoryRouter([{ path: '/reception/walkin', element: <WalkInPage /> }], { initialEntries: ['/reception/walkin'] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

async function fillForm() {
  fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Zhang San' } });
  fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '13800138000' } });
  const host = screen.getByRole('combobox', { name: 'Host' });
  fireEvent.mouseDown(host);
  fireEvent.change(host, { target: { value: 'Ada' } });
  fireEvent.click(await screen.findByText('Ada Host · Sales · 13900139009'));
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Floor' }));
  fireEvent.click(await screen.findByText('First'));
  fireEvent.click(screen.getByLabelText('The visitor has read and accepts the visitor terms'));
}

describe('WalkInPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await i18n.changeLanguage('en');
  });

  it("shows the visitor type's fields, checks them, registers and offers the badge", async () => {
    let answers = 0;
    const server = stubServer({
      config,
      getPadConfig: () => ({ status: 0, result: padConfig }),
      getEmpByName: hosts,
      UpdatePhoto: (b) => {
        answers += 1;
        if (answers === 1) return { status: 400, reason: 'Bad parameters', result: { errors: [{ field: 'extendCol.floor', rule: 'tooLong' }] } };
        return { status: 0, result: { vid: 31, vname: b.vname, status: 'signedIn', empName: 'Ada Host' } as Partial<Visit> };
      },
    });
    renderPage();
    expect(await screen.findByLabelText('Floor')).toBeTruthy();
    // The type shows a photo: the desk takes it with the webcam or chooses a file (not required here).
    expect(screen.getByRole('button', { name: /Take photo/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findAllByText('Required')).toBeTruthy();
    expect(server.bodies('UpdatePhoto')).toEqual([]);

    await fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(server.bodies('UpdatePhoto')).toHaveLength(1));
    const floorItem = screen.getByLabelText('Floor').closest('.ant-form-item') as HTMLElement;
    await waitFor(() => expect(floorItem.querySelector('.ant-form-item-explain-error')).toBeTruthy());

    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Zhang San is registered', { selector: '.ant-result-title' })).toBeTruthy();
    // No consent ticked: none is sent (the photo, had there been one, is for the badge only).
    expect(server.bodies('UpdatePhoto')[1]).not.toHaveProperty('faceConsent');
    expect(server.bodies('UpdatePhoto')[1]).toMatchObject({
      vname: 'Zhang San',
      vphone: '13800138000',
      empid: 9,
      tid: 7,
      visitType: 'Guest',
      extendCol: { floor: '二楼#First' },
      protocolAccepted: true,
      photo: '',
    });
    expect(screen.getByRole('button', { name: /Print badge/ })).toBeTruthy();
  });

  it('sends a photo chosen from a file, and requires one when the type does', async () => {
    const required = {
      ...padConfig,
      types: padConfig.types.map((x) => ({ ...x, fields: x.fields.map((f) => (f.fieldName === 'photo' ? { ...f, required: true } : f)) })),
    } as PadConfig;
    const server = stubServer({
      config,
      getPadConfig: () => ({ status: 0, result: required }),
      getEmpByName: hosts,
      UpdatePhoto: (b) => ({ status: 0, result: { vid: 32, vname: b.vname, status: 'signedIn', empName: 'Ada Host' } as Partial<Visit> }),
    });
    renderPage();
    await fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    const photoItem = (await screen.findByRole('button', { name: /Take photo/ })).closest('.ant-form-item') as HTMLElement;
    await waitFor(() => expect(photoItem.querySelector('.ant-form-item-explain-error')?.textContent).toBe('Required'));
    expect(server.bodies('UpdatePhoto')).toEqual([]);

    const input = photoItem.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'face.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(await screen.findByTestId('desk-photo')).toBeTruthy();
    // The visitor agrees to face recognition, asked apart from the terms: the text's version goes with the photo.
    fireEvent.click(screen.getByLabelText(/The visitor agrees to face recognition at the doors \(text version 2\)/));
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(server.bodies('UpdatePhoto')).toHaveLength(1));
    expect(String(server.bodies('UpdatePhoto')[0]?.photo)).toMatch(/^data:image\/jpeg;base64,\/9j\/4A/);
    expect(server.bodies('UpdatePhoto')[0]?.faceConsent).toBe(42);

    const wrong = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    fireEvent.click(screen.getByRole('button', { name: 'Register another visitor' }));
    const again = (await screen.findByRole('button', { name: /Take photo/ })).closest('.ant-form-item') as HTMLElement;
    fireEvent.change(again.querySelector('input[type="file"]') as HTMLInputElement, { target: { files: [wrong] } });
    expect(await screen.findByText('Choose a JPEG, PNG, GIF or WebP picture')).toBeTruthy();
  });

  it('words a blacklist refusal neutrally', async () => {
    stubServer({
      config,
      getPadConfig: () => ({ status: 0, result: padConfig }),
      getEmpByName: hosts,
      UpdatePhoto: () => ({ status: 66, reason: 'blacklisted' }),
    });
    renderPage();
    await fillForm();
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    const alert = await screen.findByTestId('walkin-refused');
    expect(within(alert).getByText('This visitor cannot be admitted. Please contact security.')).toBeTruthy();
  });

  it('in an office building, narrows the host search to the company picked by floor; another company clears the host', async () => {
    const companies = [
      { id: 21, companyName: 'Harbour Law', shortName: 'LAW', floor: '2', roomNumbers: ['201'], logo: '', vaPerm: 3 },
      { id: 22, companyName: 'Skyline Tech', shortName: 'SKY', floor: '10', roomNumbers: ['1001', '1002'], logo: '', vaPerm: 7 },
    ];
    const server = stubServer({
      config,
      getPadConfig: () => ({ status: 0, result: { ...padConfig, companies } }),
      getEmpByName: hosts,
      UpdatePhoto: (b) => ({ status: 0, result: { vid: 32, vname: b.vname, status: 'unauthorized', empName: 'Ada Host' } as Partial<Visit> }),
    });
    renderPage();
    const company = await screen.findByRole('combobox', { name: 'Company visited' });
    fireEvent.mouseDown(company);
    // Grouped by floor; typing a room finds its company.
    expect(await screen.findByTitle('Floor 10')).toBeTruthy();
    fireEvent.change(company, { target: { value: '1002' } });
    fireEvent.click(await screen.findByText('Skyline Tech (SKY) · 1001, 1002'));
    await fillForm();
    expect(server.bodies('getEmpByName')).toEqual([{ name: 'Ada', subaccountId: 22 }]);
    // Another company: the host chosen was Skyline's.
    fireEvent.mouseDown(company);
    fireEvent.click(await screen.findByText('Acme (building management)'));
    const host = screen.getByRole('combobox', { name: 'Host' });
    await waitFor(() => expect(host.closest('.ant-select')?.textContent).not.toContain('Ada Host'));
    fireEvent.mouseDown(host);
    fireEvent.change(host, { target: { value: 'Ada' } });
    fireEvent.click(await screen.findByText('Ada Host · Sales · 13900139009'));
    expect(server.bodies('getEmpByName').at(-1)).toEqual({ name: 'Ada', subaccountId: 0 });
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    // The host's own company is what the visit records: the pick only narrowed the search.
    expect(await screen.findByText('Zhang San is registered', { selector: '.ant-result-title' })).toBeTruthy();
    expect(server.bodies('UpdatePhoto')[0]).not.toHaveProperty('subaccountId');
  });
});
