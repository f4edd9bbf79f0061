import { companySettings, type PadSettings, type VisitorField, type VisitorType } from '@openvisit/contract';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders, createQueryClient } from '../../app/providers';
import { type StubHandler, stubServer } from '../../testing/stubServer';

/** Test helpers of the registration screens: the shared fake server, a fake XMLHttpRequest for uploads, sample data. */

export type Answer = { status: number; reason?: string; result: unknown };
export type Handler = StubHandler;

export const ok =
  (result: unknown): Handler =>
  () => ({ status: 0, result });

export { stubServer };

export interface PendingUpload {
  path: string;
  form: FormData;
  progress(fraction: number): void;
  answer(a: Answer): void;
}

/** Uploads go through XMLHttpRequest (for progress); this one hands each request to the test. */
export function stubXhr(): PendingUpload[] {
  const pending: PendingUpload[] = [];
  class FakeXhr {
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onloadend: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    timeout = 0;
    status = 0;
    statusText = '';
    responseText = '';
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    abort() {}
    send(form: FormData) {
      pending.push({
        path: this.url.replace('/api/', ''),
        form,
        progress: (f) => this.upload.onprogress?.({ lengthComputable: true, loaded: f * 100, total: 100 }),
        answer: (a) => {
          this.status = 200;
          this.responseText = JSON.stringify({ reason: 'x', ...a });
          this.onload?.();
          this.onloadend?.();
        },
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return pending;
}

/** Company settings with defaults, changed by `patch`. */
export function settings(patch: Partial<PadSettings> = {}) {
  return { ...companySettings.parse({}), company: 'Acme Ltd', shortName: 'Acme', userid: 1, ...patch };
}

export function visitorType(tid: number, vType: string, extra: Partial<VisitorType> = {}): VisitorType {
  return { tid, vType, subTypes: [], reasons: [], povDays: 1, gids: [], order: tid, fields: [], ...extra };
}

export function field(eid: number, fieldName: string, displayName: string, extra: Partial<VisitorField> = {}): VisitorField {
  const standard = extra.standard ?? !fieldName.startsWith('ext_');
  return {
    eid,
    fieldName,
    displayName,
    inputType: standard ? 'standard' : 'text',
    inputValue: [],
    placeholder: '',
    inputOrder: eid,
    standard,
    locked: fieldName === 'vname',
    types: [],
    ...extra,
  };
}

export function fileOf(name: string, size?: number): File {
  const f = new File([new Uint8Array(16)], name);
  if (size !== undefined) Object.defineProperty(f, 'size', { value: size });
  return f;
}

/** Renders a screen at `url` under `path` with the app's providers; answers the router (for the URL). */
export function renderAt(path: string, url: string, element: ReactNode) {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    { initialEntries: [url] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

export function renderWithProviders(node: ReactNode) {
  return render(<AppProviders queryClient={createQueryClient()}>{node}</AppProviders>);
}
