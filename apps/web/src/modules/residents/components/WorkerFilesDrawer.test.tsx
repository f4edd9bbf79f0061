import { type ResidentFile, type ResidentVisitor, Role } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { saveLogin } from '../../../platform/session';
import { type StubHandler as Handler, stubServer } from '../../../testing/stubServer';
import { WorkerFilesDrawer } from './WorkerFilesDrawer';

const ok =
  (result: unknown): Handler =>
  () => ({ status: 0, result });

const worker = { rid: 7, name: 'Qian Worker' } as ResidentVisitor;

const file = (fid: number, name: string): ResidentFile => ({
  fid,
  rid: 7,
  kind: 'labour',
  name,
  type: 'pdf',
  size: 10,
  expiresOn: null,
  uploadedBy: 'admin',
  createTime: 0,
});

function show() {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <WorkerFilesDrawer worker={worker} onClose={() => undefined} />
    </AppProviders>,
  );
}

const zip: Handler = () =>
  new Response(new Uint8Array([0x50, 0x4b, 5, 6]), {
    status: 200,
    headers: { 'content-type': 'application/zip', 'content-disposition': `attachment; filename*=UTF-8''Qian_Worker-files.zip` },
  });

describe('worker files drawer', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    saveLogin({ token: 'tok', tokenExpire: 0, role: Role.ADMIN, sType: -1, userid: 1, company: 'ACME' }, 'manager');
    URL.createObjectURL = vi.fn(() => 'blob:zip');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('downloads every file of the worker as one zip', async () => {
    const server = stubServer({ showResidentAllFileByRid: ok([file(1, 'contract.pdf'), file(2, 'cert.pdf')]), downloadResidentAllFile: zip });
    show();
    expect(await screen.findByText('contract.pdf')).toBeTruthy();
    const all = screen.getByText('Download all').closest('button') as HTMLButtonElement;
    await waitFor(() => expect(all.disabled).toBe(false));
    fireEvent.click(all);
    await waitFor(() => expect(server.queries('downloadResidentAllFile')).toEqual(['rid=7']));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
  });

  it('offers no download of all while the worker has no files', async () => {
    stubServer({ showResidentAllFileByRid: ok([]) });
    show();
    expect(await screen.findByText('No files')).toBeTruthy();
    expect((screen.getByText('Download all').closest('button') as HTMLButtonElement).disabled).toBe(true);
  });
});
