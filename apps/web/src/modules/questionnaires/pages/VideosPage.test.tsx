import { Status } from '@openvisit/contract';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { configStub } from '../../../testing/fixtures';
import { stubServer } from '../../../testing/stubServer';
import { type PendingUpload, stubXhr } from '../../../testing/stubXhr';
import { VideosPage } from './VideosPage';

const VIDEO = {
  id: 7,
  title: 'Site safety',
  fileName: 'induction.mp4',
  bytes: 5_242_880,
  durationMs: 65_000,
  url: '/api/media/videos/1/a.mp4?exp=1&sig=x',
  usedBy: [{ qid: 3, title: 'Visitors' }],
  createTime: Date.UTC(2026, 10, 1, 9, 0),
};

function renderPage() {
  const router = createMemoryRouter([{ path: '/question/detail', element: <VideosPage /> }], { initialEntries: ['/question/detail'] });
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  ).container;
}

function fileOf(name: string, size: number): File {
  const f = new File([new Uint8Array(16)], name);
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

function choose(file: File) {
  const input = document.querySelector('.ant-modal input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

describe('VideosPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the videos with duration, size and the questionnaires showing them', async () => {
    stubServer({ config: configStub, getTrainingVideo: () => ({ status: 0, result: { pageNo: 1, pageSize: 20, count: 1, list: [VIDEO] } }) });
    renderPage();
    expect(await screen.findByText('induction.mp4')).toBeTruthy();
    expect(screen.getByText('1:05')).toBeTruthy();
    expect(screen.getByText('5 MB')).toBeTruthy();
    expect(screen.getByText('“Visitors”')).toBeTruthy();
    fireEvent.click(screen.getByTestId('video-play'));
    const player = (await screen.findByTestId('video-player')) as HTMLVideoElement;
    expect(player.getAttribute('src')).toBe(VIDEO.url);
  });

  it('refuses a file that is not an MP4 or is too large before sending; shows progress; cancels; shows the server’s refusal', async () => {
    const server = stubServer({
      config: configStub,
      getTrainingVideo: () => ({ status: 0, result: { pageNo: 1, pageSize: 20, count: 0, list: [] } }),
    });
    const uploads = stubXhr();
    renderPage();
    fireEvent.click(await screen.findByTestId('video-add'));
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Site safety' } });

    choose(fileOf('notes.txt', 1000));
    expect((await screen.findByTestId('video-upload-problem')).textContent).toBe('Video only supports MP4 format');
    choose(fileOf('huge.mp4', 209_715_201));
    await waitFor(() => expect(screen.getByTestId('video-upload-problem').textContent).toBe('Video size cannot exceed 200 MB'));
    fireEvent.click(screen.getByTestId('video-upload-send'));
    await waitFor(() => expect(screen.getByTestId('video-upload-problem').textContent).toBe('Choose a video file'));
    expect(uploads).toHaveLength(0);

    // Sent, cancelled mid-way.
    choose(fileOf('induction.mp4', 5_000_000));
    expect((await screen.findByTestId('video-upload-chosen')).textContent).toBe('induction.mp4 (4.8 MB)');
    fireEvent.click(screen.getByTestId('video-upload-send'));
    await waitFor(() => expect(uploads).toHaveLength(1));
    const first = uploads[0] as PendingUpload;
    expect(first.path).toBe('addTrainingVideo');
    expect(first.form.get('title')).toBe('Site safety');
    act(() => first.progress(0.42));
    expect(await screen.findByText('Uploading: 42%')).toBeTruthy();
    fireEvent.click(screen.getByTestId('video-upload-cancel'));
    expect(await screen.findByText('The upload was cancelled; nothing was kept.')).toBeTruthy();

    // Sent again: the server finds it is no MP4 inside (690), said on the file.
    fireEvent.click(screen.getByTestId('video-upload-send'));
    await waitFor(() => expect(uploads).toHaveLength(2));
    const second = uploads[1] as PendingUpload;
    act(() => second.progress(1));
    expect(await screen.findByText('Checking the video…')).toBeTruthy();
    act(() => second.answer({ status: Status.VIDEO_NOT_MP4, reason: 'Video only supports MP4 format', result: null }));
    await waitFor(() => expect(screen.getByTestId('video-upload-problem').textContent).toBe('Video only supports MP4 format'));

    // And a third time, taken: the dialog closes and the list is asked again.
    const asked = server.paths().filter((p) => p === 'getTrainingVideo').length;
    fireEvent.click(screen.getByTestId('video-upload-send'));
    await waitFor(() => expect(uploads).toHaveLength(3));
    act(() => (uploads[2] as PendingUpload).answer({ status: 0, result: VIDEO }));
    expect(await screen.findByText('Video uploaded')).toBeTruthy();
    await waitFor(() => expect(server.paths().filter((p) => p === 'getTrainingVideo').length).toBeGreaterThan(asked));
  });
});
