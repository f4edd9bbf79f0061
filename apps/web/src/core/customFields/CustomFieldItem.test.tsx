import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, type FormInstance } from 'antd';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../platform/i18n';
import { CustomFieldItem } from './CustomFieldItem';
import { type CustomFieldDefinition, customFieldControls, customFieldText } from './values';

const def = (fieldName: string, displayName: string, extra: Partial<CustomFieldDefinition> = {}): CustomFieldDefinition => ({
  fieldName,
  displayName,
  inputType: 'text',
  inputValue: [],
  required: false,
  ...extra,
});

const FIELDS = [
  def('colour', '颜色#Colour', { required: true, placeholder: '如 红色#e.g. red' }),
  def('floor', '楼层#Floor', { inputType: 'button', inputValue: ['一楼#Ground', '二楼#First'] }),
  def('arrival', '到达日#Arrival day', { inputType: 'date' }),
];

let formRef: FormInstance | null = null;

function TestForm() {
  const [form] = Form.useForm();
  formRef = form;
  return (
    <Form form={form} layout="vertical">
      {FIELDS.map((f) => (
        <CustomFieldItem key={f.fieldName} field={f} name={['extend', f.fieldName]} testId={`cf-${f.fieldName}`} />
      ))}
    </Form>
  );
}

describe('CustomFieldItem (one custom field of a visitor or logistics type)', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('draws each kind under its label in the reader’s language, the placeholder too', async () => {
    await act(() => i18n.changeLanguage('en'));
    render(<TestForm />);
    expect((screen.getByLabelText('Colour') as HTMLInputElement).placeholder).toBe('e.g. red');
    expect(document.querySelectorAll('.ant-picker')).toHaveLength(1);
    expect((screen.getByLabelText('Arrival day') as HTMLInputElement).closest('.ant-picker')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Floor' })).toBeTruthy();
    await act(() => i18n.changeLanguage('zh'));
    expect(await screen.findByLabelText('颜色')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: '楼层' })).toBeTruthy();
  });

  it('asks a required field and only that one', async () => {
    render(<TestForm />);
    await act(async () => {
      await formRef?.validateFields().catch(() => undefined);
    });
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(formRef?.getFieldError(['extend', 'colour'])).toEqual(['Required']);
    expect(formRef?.getFieldError(['extend', 'floor'])).toEqual([]);
    expect(formRef?.getFieldError(['extend', 'arrival'])).toEqual([]);
  });

  it('keeps a chosen option as configured while showing it in the reader’s language', async () => {
    render(<TestForm />);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Floor' }));
    fireEvent.click(await screen.findByTitle('First'));
    await waitFor(() => expect(formRef?.getFieldValue(['extend', 'floor'])).toBe('二楼#First'));
  });
});

describe('custom field values', () => {
  it('sends text trimmed, a day as YYYY-MM-DD, nothing as blank', () => {
    expect(customFieldText(' Blue ')).toBe('Blue');
    expect(customFieldText(dayjs('2030-05-07T13:00'))).toBe('2030-05-07');
    expect(customFieldText(null)).toBe('');
    expect(customFieldText(undefined)).toBe('');
  });

  it('reads stored values back: a date field’s day for the picker, a broken day left empty, the rest as stored', () => {
    const out = customFieldControls(
      [
        { fieldName: 'arrival', inputType: 'date' },
        { fieldName: 'broken', inputType: 'date' },
        { fieldName: 'colour', inputType: 'text' },
      ],
      { arrival: '2030-05-07', broken: '2030-02-31', colour: 'Red', gone: 'kept' },
    );
    expect(dayjs.isDayjs(out.arrival) && out.arrival.format('YYYY-MM-DD')).toBe('2030-05-07');
    expect(out.broken).toBeUndefined();
    expect(out).toMatchObject({ colour: 'Red', gone: 'kept' });
    expect(customFieldControls([{ fieldName: 'arrival', inputType: 'date' }], null)).toEqual({});
  });
});
