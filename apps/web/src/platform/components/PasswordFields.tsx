import { Form, Input } from 'antd';
import { useRules } from '../formRules';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';

/**
 * New password + confirmation with the strength meter, validated as the user types with the contract's
 * rules ('tooWeak', 'sameAsOld' against `oldField`, 'mismatch').
 */
export function PasswordFields({
  name = 'password',
  confirmName = 'confirm',
  label,
  confirmLabel,
  oldField,
  optional = false,
  help,
}: {
  name?: string;
  confirmName?: string;
  label: string;
  confirmLabel: string;
  oldField?: string;
  optional?: boolean;
  help?: string;
}) {
  const rules = useRules();
  const value = Form.useWatch<string | undefined>(name);
  const confirmRules = optional && !value ? [] : rules.confirm(name);
  return (
    <>
      <Form.Item label={label} name={name} rules={rules.password({ oldField, optional })} dependencies={oldField ? [oldField] : []} extra={help}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <PasswordStrengthMeter value={value} />
      <Form.Item label={confirmLabel} name={confirmName} rules={confirmRules} dependencies={[name]} style={{ marginTop: 12 }}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
