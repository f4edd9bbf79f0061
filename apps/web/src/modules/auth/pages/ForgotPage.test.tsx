import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { configStub } from '../../../testing/fixtures';
import { stubServer } from '../../../testing/stubServer';
import { ForgotPage } from './ForgotPage';

function renderPage(path: string) {
  const router = createMemoryRouter([{ path: '/forgot', element: <ForgotPage /> }], { initialEntries: [path] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('ForgotPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('sends an employee their password link, and an administrator theirs', async () => {
    const server = stubServer({ config: configStub });
    renderPage('/forgot?who=employee');
    expect(await screen.findByText('Set your password')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Mobile phone or email'), { target: { value: 'eve@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: /Send reset link/ }));
    expect(await screen.findByText('Check your email')).toBeTruthy();
    expect(server.bodies('resetEmpPwd')).toEqual([expect.objectContaining({ email: 'eve@example.com', lang: 'en' })]);
    expect(server.bodies('RetrievePassword')).toEqual([]);
    expect(server.bodies('checkEmpInfo')).toEqual([]);
  });

  it('an employee may give the phone they sign in with instead (checkEmpInfo), checked as typed', async () => {
    const server = stubServer({ config: configStub });
    renderPage('/forgot?who=employee');
    const field = await screen.findByLabelText('Mobile phone or email');
    fireEvent.change(field, { target: { value: '12345' } });
    expect(await screen.findByText('The format of the phone number is not correct')).toBeTruthy();
    fireEvent.change(field, { target: { value: '13700002001' } });
    fireEvent.click(screen.getByRole('button', { name: /Send reset link/ }));
    expect(await screen.findByText('Check your email')).toBeTruthy();
    expect(server.bodies('checkEmpInfo')).toEqual([expect.objectContaining({ phone: '13700002001', lang: 'en' })]);
    expect(server.bodies('resetEmpPwd')).toEqual([]);
  });

  it('an administrator’s link by default', async () => {
    const server = stubServer({ config: configStub });
    renderPage('/forgot');
    expect(await screen.findByText('Forgot password')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'admin@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: /Send reset link/ }));
    await waitFor(() => expect(server.bodies('RetrievePassword')).toHaveLength(1));
    expect(server.bodies('resetEmpPwd')).toEqual([]);
  });
});
