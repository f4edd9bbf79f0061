import { type Employee, FACE_UPLOAD_MAX_BYTES, Role } from '@openvisit/contract';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FaceZipModal } from '../../../core/faces/public';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { saveLogin } from '../../../platform/session';
import { type StubHandler as Handler, stubServer } from '../../../testing/stubServer';
import { type PendingUpload, stubXhr } from '../../../testing/stubXhr';
import { EmployeesPage } from '../pages/EmployeesPage';
import { EmployeeDrawer } from './EmployeeDrawer';

function employee(empid: number, empName: string, extra: Partial<Employee> = {}): Employee {
  return {
    empid,
    empName,
    empNo: `E00${empid}`,
    empPhone: `1380013800${empid}`,
    empEmail: '',
    empPosition: '',
    deptIds: [],
    deptNames: [],
    cardNo: '',
    telephone: '',
    workbay: '',
    remark: '',
    superiorNo: '',
    superiorName: '',
    domainAccount: '',
    visitType: '',
    defaultNotify: 0,
    defaultReceiver: false,
    isLeader: false,
    defaultContact: false,
    forbidAppointment: false,
    forbidInvite: false,
    hideFromPad: false,
    status: 0,
    face: null,
    avatar: '',
    acEnabled: true,
    acStart: null,
    acEnd: null,
    subaccountId: null,
    createTime: Date.UTC(2026, 0, 5, 9, 30),
    ...extra,
  };
}

const ok =
  (result: unknown): Handler =>
  () => ({ status: 0, result });
const jpeg = () => new Response(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), { status: 200, headers: { 'content-type': 'image/jpeg' } });

function fileOf(name: string, size?: number): File {
  const f = new File([new Uint8Array(16)], name);
  if (size !== undefined) Object.defineProperty(f, 'size', { value: size });
  return f;
}

/** Chooses a file in the (hidden) input of an antd Upload inside `container`. */
function choose(container: HTMLElement, file: File) {
  const input = container.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

function renderWithProviders(node: React.ReactNode) {
  return render(<AppProviders queryClient={createQueryClient()}>{node}</AppProviders>);
}

// Whole screens with antd render slowly in jsdom on a busy machine.

let urlCount = 0;
beforeEach(async () => {
  await i18n.changeLanguage('en');
  urlCount = 0;
  URL.createObjectURL = vi.fn(() => `blob:face-${++urlCount}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

const ZIP_RESULT = {
  saved: 2,
  failed: 5,
  results: [
    { file: 'E001.jpg', empNo: 'E001', outcome: 'saved' },
    { file: 'E002.png', empNo: 'E002', outcome: 'saved' },
    { file: 'E404.jpg', empNo: 'E404', outcome: 'noEmployee' },
    { file: 'E003.jpg', empNo: 'E003', outcome: 'tooSmall' },
    { file: 'E004.jpg', empNo: 'E004', outcome: 'noFace' },
    { file: 'E005.jpg', empNo: 'E005', outcome: 'multipleFaces' },
    { file: 'notes.txt', empNo: 'notes', outcome: 'skipped' },
  ],
};

describe('FaceZipModal', () => {
  it('checks the chosen file, shows the upload progress, then each file’s result with a filter to the problems', async () => {
    stubServer({});
    const uploads = stubXhr();
    renderWithProviders(<FaceZipModal open onClose={() => {}} />);
    const modal = await screen.findByTestId('face-zip-modal');
    expect(within(modal).getByText(/each named by the employee’s work number: for example E001\.jpg/)).toBeTruthy();
    expect(within(modal).getByText(/over 100×100 px and under 1 MB/)).toBeTruthy();

    // Not a zip, or too large: refused before anything is sent.
    choose(modal, fileOf('photos.rar'));
    expect((await within(modal).findByTestId('face-zip-problem')).textContent).toContain('Only zip archives are accepted');
    choose(modal, fileOf('photos.zip', 100 * 1024 * 1024 + 1));
    await waitFor(() => expect(within(modal).getByTestId('face-zip-problem').textContent).toContain('The archive is too large: at most 100 MB'));
    expect(uploads).toHaveLength(0);

    choose(modal, fileOf('photos.zip'));
    await waitFor(() => expect(uploads).toHaveLength(1));
    const up = uploads[0] as PendingUpload;
    expect(up.path).toBe('uploadEmpFaceZip');
    expect((up.form.get('file') as File).name).toBe('photos.zip');
    expect(within(modal).getByText('Uploading photos.zip…')).toBeTruthy();
    act(() => up.progress(0.4));
    await waitFor(() => expect(within(modal).getByTestId('face-zip-progress').textContent).toContain('40%'));
    act(() => up.progress(1));
    expect(await within(modal).findByText('Checking and saving the photos…')).toBeTruthy();
    act(() => up.answer({ status: 0, result: ZIP_RESULT }));

    const results = await within(modal).findByTestId('face-zip-results');
    expect(within(results).getByTestId('face-zip-summary').textContent).toBe('2 saved · 5 not saved');
    expect(within(results).getByText('5 files were not saved: see the reasons below')).toBeTruthy();
    // Problems only at first: the saved files are hidden.
    const table = within(results).getByTestId('face-zip-table');
    expect(within(table).getByText('No employee with this work number')).toBeTruthy();
    expect(within(table).getByText('Smaller than 100×100 px')).toBeTruthy();
    // The face detector's outcomes, as the server reports them per file.
    expect(within(table).getByText('No face detected in the photo')).toBeTruthy();
    expect(within(table).getByText('More than one face in the photo')).toBeTruthy();
    expect(within(table).getByText('Skipped: not a photo file')).toBeTruthy();
    expect(within(table).queryByText('E001.jpg')).toBeNull();
    fireEvent.click(within(results).getByRole('switch', { name: 'Only problems' }));
    expect(await within(table).findByText('E001.jpg')).toBeTruthy();
    expect(within(table).getAllByText('Saved')).toHaveLength(2);

    // Another archive: back to the choice.
    fireEvent.click(screen.getByRole('button', { name: 'Upload another archive' }));
    expect(await within(modal).findByText('Click or drag a .zip file here')).toBeTruthy();
  });

  it('explains 619 (not really a zip) and the archive limits of the server, in Chinese', async () => {
    await i18n.changeLanguage('zh');
    stubServer({});
    const uploads = stubXhr();
    renderWithProviders(<FaceZipModal open onClose={() => {}} />);
    const modal = await screen.findByTestId('face-zip-modal');
    choose(modal, fileOf('renamed.zip'));
    await waitFor(() => expect(uploads).toHaveLength(1));
    act(() => uploads[0]?.answer({ status: 619, reason: 'Only zip archives are accepted', result: null }));
    expect((await within(modal).findByTestId('face-zip-problem')).textContent).toBe(
      '该文件不是 zip 压缩文件（619）。请把照片打包成 .zip 文件后重新选择。',
    );
    choose(modal, fileOf('many.zip'));
    await waitFor(() => expect(uploads).toHaveLength(2));
    act(() => uploads[1]?.answer({ status: 400, reason: 'Bad parameters', result: { errors: [{ field: 'file', rule: 'tooManyFiles' }] } }));
    await waitFor(() => expect(within(modal).getByTestId('face-zip-problem').textContent).toBe('压缩文件中的文件过多：最多 5000 个'));
    choose(modal, fileOf('ok.zip'));
    await waitFor(() => expect(uploads).toHaveLength(3));
    act(() => uploads[2]?.answer({ status: 0, result: { saved: 0, failed: 1, results: [{ file: 'X9.jpg', empNo: 'X9', outcome: 'duplicate' }] } }));
    expect(await within(modal).findByText('同一工号有多张照片')).toBeTruthy();
    expect(within(modal).getByTestId('face-zip-summary').textContent).toBe('已保存 0 张 · 未保存 1 个');
  });
});

describe('the face photo of the edit drawer', () => {
  const renderDrawer = (e: Employee) => renderWithProviders(<EmployeeDrawer open employee={e} departments={[]} onClose={() => {}} />);

  it('shows the photo and its status, checks a chosen photo, uploads with progress, shows the new status, removes after confirmation', async () => {
    const server = stubServer({
      GetUserInfo: ok({ escapeClause: '' }),
      EmpFacePhoto: jpeg,
      deleteEmpFace: ok(employee(1, 'Li Lei', { face: null, avatar: '' })),
    });
    const uploads = stubXhr();
    renderDrawer(employee(1, 'Li Lei', { face: 0, avatar: 'faces/1/1-aaaaaaaaaaaa.jpg' }));
    const field = await screen.findByTestId('face-photo-field');
    expect(within(field).getByTestId('face-status').textContent).toBe('Normal');
    const img = (await within(field).findByAltText('Face photo of Li Lei')) as HTMLImageElement;
    expect(img.src).toBe('blob:face-1');
    expect(server.urls('EmpFacePhoto')).toEqual(['/api/EmpFacePhoto?empid=1']);

    // Checked as chosen with the contract's limits.
    choose(field, fileOf('face.bmp'));
    expect((await within(field).findByTestId('face-problem')).textContent).toBe('Only JPG, PNG, GIF or WebP photos are accepted');
    choose(field, fileOf('face.jpg', FACE_UPLOAD_MAX_BYTES + 1));
    await waitFor(() => expect(within(field).getByTestId('face-problem').textContent).toBe('The photo is too large: at most 15 MB'));
    expect(uploads).toHaveLength(0);

    // The server's field error, in words.
    choose(field, fileOf('tiny.png'));
    await waitFor(() => expect(uploads).toHaveLength(1));
    act(() => uploads[0]?.answer({ status: 400, reason: 'Bad parameters', result: { errors: [{ field: 'file', rule: 'imageTooSmall' }] } }));
    expect((await within(field).findByTestId('face-problem')).textContent).toBe('The photo is too small: at least 100×100 pixels');

    choose(field, fileOf('new.webp'));
    await waitFor(() => expect(uploads).toHaveLength(2));
    const up = uploads[1] as PendingUpload;
    expect(up.path).toBe('uploadEmpFace');
    expect(up.form.get('empid')).toBe('1');
    expect(within(field).queryByTestId('face-problem')).toBeNull();
    act(() => up.progress(0.5));
    await waitFor(() => expect(within(field).getByTestId('face-progress').textContent).toContain('Uploading… 50%'));
    act(() => up.answer({ status: 0, result: employee(1, 'Li Lei', { face: -9, avatar: 'faces/1/1-bbbbbbbbbbbb.jpg' }) }));
    expect(await screen.findByText('Face photo of Li Lei saved')).toBeTruthy();
    await waitFor(() => expect(within(field).getByTestId('face-status').textContent).toBe('Photo not synced'));
    // The new photo is fetched under its new key; the old object URL is let go.
    await waitFor(() => expect(server.urls('EmpFacePhoto')).toHaveLength(2));
    await waitFor(() => expect((within(field).getByAltText('Face photo of Li Lei') as HTMLImageElement).src).toBe('blob:face-2'));
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:face-1');

    fireEvent.click(within(field).getByTestId('face-remove'));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.bodies('deleteEmpFace')).toEqual([{ empid: 1 }]));
    expect(await screen.findByText('Face photo of Li Lei removed')).toBeTruthy();
    await waitFor(() => expect(within(field).queryByTestId('face-status')).toBeNull());
    expect(within(field).getByText('No photo')).toBeTruthy();
    expect(within(field).queryByTestId('face-remove')).toBeNull();
  });

  it('shows the server’s refusal in Chinese', async () => {
    await i18n.changeLanguage('zh');
    stubServer({ GetUserInfo: ok({ escapeClause: '' }) });
    const uploads = stubXhr();
    renderDrawer(employee(2, '韩梅梅'));
    const field = await screen.findByTestId('face-photo-field');
    expect(within(field).getByText('无照片')).toBeTruthy();
    expect(within(field).queryByTestId('face-remove')).toBeNull();
    choose(field, fileOf('big.jpg'));
    await waitFor(() => expect(uploads).toHaveLength(1));
    act(() => uploads[0]?.answer({ status: 400, reason: 'Bad parameters', result: { errors: [{ field: 'file', rule: 'size' }] } }));
    expect((await within(field).findByTestId('face-problem')).textContent).toBe('照片缩小后仍然过大：请使用小于 1MB 的照片');
    // The face detector's refusals (face statuses 2 and 3), in words.
    choose(field, fileOf('room.jpg'));
    await waitFor(() => expect(uploads).toHaveLength(2));
    act(() => uploads[1]?.answer({ status: 400, reason: 'Bad parameters', result: { errors: [{ field: 'file', rule: 'noFace' }] } }));
    expect((await within(field).findByTestId('face-problem')).textContent).toBe('照片中未检测到人脸：请使用正对镜头、露出面部、光线充足的照片');
    choose(field, fileOf('us.jpg'));
    await waitFor(() => expect(uploads).toHaveLength(3));
    act(() => uploads[2]?.answer({ status: 400, reason: 'Bad parameters', result: { errors: [{ field: 'file', rule: 'multipleFaces' }] } }));
    expect((await within(field).findByTestId('face-problem')).textContent).toBe('照片中有多张人脸：请使用只有一个人的照片');
  });
});

describe('the face photo of a new employee', () => {
  const fillAndSave = async () => {
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Zhang San' } });
    fireEvent.change(screen.getByLabelText('Mobile phone'), { target: { value: '13800138009' } });
    fireEvent.click(screen.getByTestId('employee-save'));
  };

  it('is checked when chosen and sent once the employee is saved, with the new id', async () => {
    const server = stubServer({ GetUserInfo: ok({ escapeClause: '' }), addEmployee: ok(employee(9, 'Zhang San')) });
    const uploads = stubXhr();
    const onClose = vi.fn();
    renderWithProviders(<EmployeeDrawer open employee={null} departments={[]} onClose={onClose} />);
    const field = await screen.findByTestId('face-photo-field');
    choose(field, fileOf('face.bmp'));
    expect((await within(field).findByTestId('face-problem')).textContent).toBe('Only JPG, PNG, GIF or WebP photos are accepted');
    choose(field, fileOf('face.jpg'));
    expect(await within(field).findByText('The photo is saved with the employee.')).toBeTruthy();
    expect(within(field).queryByTestId('face-problem')).toBeNull();
    expect(uploads).toHaveLength(0);
    await fillAndSave();
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(server.bodies('addEmployee')).toHaveLength(1);
    expect(uploads[0]?.form.get('empid')).toBe('9');
    act(() => uploads[0]?.answer({ status: 0, result: employee(9, 'Zhang San', { face: -9, avatar: 'faces/1/9-aaaaaaaaaaaa.jpg' }) }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('Employee Zhang San added')).toBeTruthy();
  });

  it('keeps the drawer open as the new employee’s edit drawer when the photo is refused', async () => {
    const server = stubServer({
      GetUserInfo: ok({ escapeClause: '' }),
      addEmployee: ok(employee(9, 'Zhang San')),
      updateEmployee: ok(employee(9, 'Zhang San')),
    });
    const uploads = stubXhr();
    const onClose = vi.fn();
    renderWithProviders(<EmployeeDrawer open employee={null} departments={[]} onClose={onClose} />);
    choose(await screen.findByTestId('face-photo-field'), fileOf('tiny.png'));
    await fillAndSave();
    await waitFor(() => expect(uploads).toHaveLength(1));
    act(() => uploads[0]?.answer({ status: 400, reason: 'Bad parameters', result: { errors: [{ field: 'file', rule: 'imageTooSmall' }] } }));
    expect(await screen.findByText(/Zhang San was added, but the face photo was not saved\. The photo is too small/)).toBeTruthy();
    expect(await screen.findByText('Edit employee Zhang San')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    // Saving again updates the employee just added instead of adding a second one.
    fireEvent.click(screen.getByTestId('employee-save'));
    await waitFor(() => expect(server.bodies('updateEmployee')).toHaveLength(1));
    expect(server.bodies('addEmployee')).toHaveLength(1);
  });
});

describe('faces on the employee list', () => {
  const list = [
    employee(1, 'Li Lei', { face: 0, avatar: 'faces/1/1-aaaaaaaaaaaa.jpg' }),
    employee(2, 'Han Meimei', { face: -9, avatar: 'faces/1/2-aaaaaaaaaaaa.jpg' }),
    employee(3, 'Wang Fang', { face: 7, avatar: 'faces/1/3-aaaaaaaaaaaa.jpg' }),
    employee(4, 'Zhou Jie'),
  ];
  const counts = { faceError: 1, noFace: 2, multipleFaces: 0, tooBig: 0, duplicateNo: 0, notSynced: 1, noWorkNumber: 0, noEmail: 4 };
  const handlers = (): Record<string, Handler> => ({
    config: ok({ version: 'v2.4.8', siteLabel: 'OpenVisit', captcha: false, features: {} }),
    GetUserInfo: ok({ escapeClause: '' }),
    getDeptList: ok([]),
    getEmployeeCount: ok({ total: 4, enabled: 4, forbidden: 0, stopped: 0 }),
    getEmpListPages: (b) => ({ status: 0, result: { pageNo: 1, pageSize: b.requestedCount, count: 4, list } }),
    getAbnormalEmployee: (b) => ({
      status: 0,
      result: {
        pageNo: 1,
        pageSize: b.requestedCount,
        count: b.kind === 'noFace' ? 2 : 1,
        list: b.kind === 'noFace' ? [employee(5, 'Sun Li', { face: 2 }), employee(6, 'Ma Lin', { face: 2 })] : [list[2]],
        counts,
      },
    }),
    EmpFacePhoto: jpeg,
  });

  function renderPage() {
    const router = createMemoryRouter([{ path: '/emp/emplist', element: <EmployeesPage /> }], { initialEntries: ['/emp/emplist'] });
    renderWithProviders(<RouterProvider router={router} />);
  }

  it('shows each thumbnail and face status, and the photo problems with their kinds and employees', async () => {
    const server = stubServer(handlers());
    renderPage();
    expect((await screen.findByTestId('face-cell-1')).textContent).toBe('Normal');
    expect(screen.getByTestId('face-cell-2').textContent).toBe('Photo not synced');
    expect(screen.getByTestId('face-cell-3').textContent).toBe('Photo error (7)');
    expect(screen.getByTestId('face-cell-4').textContent).toBe('No photo');
    await waitFor(() =>
      expect(server.urls('EmpFacePhoto').sort()).toEqual(['/api/EmpFacePhoto?empid=1', '/api/EmpFacePhoto?empid=2', '/api/EmpFacePhoto?empid=3']),
    );

    // 1 photo error + 2 without a face; the one waiting for the devices is not a problem.
    const link = await screen.findByTestId('abnormal-link');
    await waitFor(() => expect(link.textContent).toBe('3 with photo problems'));
    fireEvent.click(link);
    const drawer = await screen.findByTestId('abnormal-drawer');
    expect(within(drawer).getByTestId('abnormal-kind-noEmail').textContent).toBe('No email 4');
    // The first kind with employees is shown first.
    await waitFor(() => expect(server.bodies('getAbnormalEmployee').at(-1)).toEqual({ kind: 'faceError', startIndex: 0, requestedCount: 10 }));
    expect(await within(drawer).findByText('Wang Fang')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('radio', { name: 'No face detected 2' }));
    expect(await within(drawer).findByText('Sun Li')).toBeTruthy();
    expect(within(drawer).getAllByText('No face detected').length).toBeGreaterThanOrEqual(2);
    expect(server.bodies('getAbnormalEmployee').at(-1)).toEqual({ kind: 'noFace', startIndex: 0, requestedCount: 10 });
    // From an exception to the employee's drawer, to replace the photo.
    fireEvent.click(within(drawer).getByRole('button', { name: 'Open Ma Lin' }));
    expect(await screen.findByText('Edit employee Ma Lin')).toBeTruthy();
  });

  it('opens the batch dialog from the Face photos menu and sends all photos to the devices after a confirmation', async () => {
    // A company administrator's session: the menu offers what the contract lets that role call.
    saveLogin({ token: 'tok', tokenExpire: 0, role: Role.ADMIN, sType: -1, userid: 1, company: 'ACME' }, 'manager');
    const server = stubServer({ ...handlers(), updateAllFace: ok({ queued: 3 }) });
    renderPage();
    await screen.findByTestId('face-cell-1');
    fireEvent.mouseEnter(screen.getByTestId('face-menu'));
    fireEvent.click(await screen.findByText('Send all photos to devices'));
    expect((await screen.findAllByText('Send all face photos to the devices?')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('3 photos queued for the devices')).toBeTruthy();
    expect(server.bodies('updateAllFace')).toEqual([{}]);
    fireEvent.click(screen.getByText('Batch face photos'));
    expect(await screen.findByTestId('face-zip-modal')).toBeTruthy();
  });

  it('labels the statuses and kinds in Chinese', async () => {
    await i18n.changeLanguage('zh');
    stubServer(handlers());
    renderPage();
    expect((await screen.findByTestId('face-cell-1')).textContent).toBe('正常');
    expect(screen.getByTestId('face-cell-2').textContent).toBe('照片未同步');
    expect(screen.getByTestId('face-cell-3').textContent).toBe('照片错误 (7)');
    expect(screen.getByTestId('face-cell-4').textContent).toBe('无照片');
    const link = await screen.findByTestId('abnormal-link');
    await waitFor(() => expect(link.textContent).toBe('3 名员工照片异常'));
    fireEvent.click(link);
    const drawer = await screen.findByTestId('abnormal-drawer');
    expect(within(drawer).getByTestId('abnormal-kind-noWorkNumber').textContent).toBe('未绑定工号 0');
    expect(within(drawer).getByTestId('abnormal-kind-multipleFaces').textContent).toBe('检测到多张人脸 0');
  });
});
