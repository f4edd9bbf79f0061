import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, type FormInstance, Input } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './apiError';
import { PasswordFields } from './components/PasswordFields';
import { applyFieldErrors } from './fieldErrors';
import { useRules } from './formRules';
import { i18n } from './i18n';

let formRef: FormInstance | null = null;

function TestForm() {
  const rules = useRules();
  const [form] = Form.useForm();
  formRef = form;
  return (
    <Form form={form} layout="vertical">
      <Form.Item label="Old" name="oldPassword">
        <Input.Password />
      </Form.Item>
      <PasswordFields label="New password" confirmLabel="Confirm" oldField="oldPassword" />
      <Form.Item label="Email" name="email" rules={rules.email()}>
        <Input />
      </Form.Item>
      <Form.Item label="Short name" name="shortName" rules={rules.companyShortName({ optional: true })}>
        <Input />
      </Form.Item>
      <Form.Item label="Account" name="account" rules={rules.accountName()}>
        <Input />
      </Form.Item>
      <Form.Item label="Code" name="vcode" rules={rules.captcha()}>
        <Input />
      </Form.Item>
    </Form>
  );
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('form rules from the contract validators', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('validates as the user types with the server rules and messages', async () => {
    await act(() => i18n.changeLanguage('en'));
    render(<TestForm />);
    type('New password', 'abcdefgh');
    expect(await screen.findByText(/Password strength is too weak/)).toBeTruthy();
    expect(screen.getByTestId('password-strength').getAttribute('data-strength')).toBe('weak');
    type('New password', 'abc123');
    await waitFor(() => expect(screen.queryByText(/Password strength is too weak/)).toBeNull());
    expect(screen.getByTestId('password-strength').getAttribute('data-strength')).toBe('medium');
    type('Confirm', 'abc124');
    expect(await screen.findByText('The two passwords do not match')).toBeTruthy();
    type('Old', 'Abc123!x');
    type('New password', 'Abc123!x');
    expect(await screen.findByText('The password cannot be the same as the old password')).toBeTruthy();
    type('Email', 'not-an-email');
    expect(await screen.findByText('Incorrect email format')).toBeTruthy();
    type('Short name', '1234567');
    expect(await screen.findByText('Too long: at most 6 characters')).toBeTruthy();
  });

  it('says what the spec says of an empty account, verification code and password confirmation', async () => {
    await act(() => i18n.changeLanguage('en'));
    render(<TestForm />);
    type('Account', 'x');
    type('Account', '');
    type('Code', 'x');
    type('Code', '');
    type('New password', 'abc123');
    type('Confirm', 'x');
    type('Confirm', '');
    expect(await screen.findByText('Account cannot be empty')).toBeTruthy();
    expect(await screen.findByText('Verification code must be filled in')).toBeTruthy();
    expect(await screen.findByText('Please enter the password again')).toBeTruthy();
  });

  it('puts server field errors on the fields, translated', async () => {
    await act(() => i18n.changeLanguage('zh'));
    render(<TestForm />);
    const err = new ApiError({
      status: 400,
      reason: 'bad',
      result: {
        errors: [
          { field: 'password', rule: 'tooWeak' },
          { field: 'unknownField', rule: 'format' },
        ],
      },
    });
    let applied = false;
    act(() => {
      applied = formRef ? applyFieldErrors(formRef, err) : false;
    });
    expect(applied).toBe(true);
    expect(await screen.findByText(/密码强度太弱/)).toBeTruthy();
    const other = new ApiError({ status: 75, reason: 'x' });
    expect(formRef ? applyFieldErrors(formRef, other) : true).toBe(false);
  });
});
