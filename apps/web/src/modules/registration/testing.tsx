import { companySettings, type PadSettings, type VisitorField, type VisitorType } from '@openvisit/contract';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from '../../platform/providers';
import { type StubHandler, stubServer } from '../../testing/stubServer';
import { type PendingUpload, stubXhr } from '../../testing/stubXhr';

/** Test helpers of the registration screens: the shared fake server, a fake XMLHttpRequest for uploads, sample data. */

export type Answer = { status: number; reason?: string; result: unknown };
export type Handler = StubHandler;

export const ok =
  (result: unknown): Handler =>
  () => ({ status: 0, result });

export { type PendingUpload, stubServer, stubXhr };

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
