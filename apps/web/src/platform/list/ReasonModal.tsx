import { Form, Input, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { handleFormError } from '../fieldErrors';

export interface ReasonModalProps {
  /** Shown while true; the form starts afresh at each opening. */
  open: boolean;
  title: ReactNode;
  okText: ReactNode;
  /** The reason's label, and the help under it. */
  label: ReactNode;
  extra?: ReactNode;
  /** The most characters the call takes, counted after trimming as the server counts (from the contract). */
  max: number;
  /** The field as the call names it, so the server's field errors land on it. */
  name?: string;
  /** The form's name (its inputs' ids). */
  formName?: string;
  /** False when the reason may be left empty (approving); then the button is not red either. */
  required?: boolean;
  requiredMessage?: string;
  danger?: boolean;
  autoFocus?: boolean;
  /** The call is made with `silent: 'form'`: its field errors show on the reason, anything else goes to the error policy. */
  fieldErrors?: boolean;
  pending: boolean;
  onCancel(): void;
  /** Sends the trimmed reason; a rejection keeps the dialog open (the error policy, or `fieldErrors`, has shown why). */
  onSubmit(reason: string): Promise<unknown>;
}

/**
 * The dialog a list screen opens to refuse a row (or return it, or decide with a remark): a reason, required, at most
 * `max` characters. Part of the list kit, so the screens that refuse rows share its chunk instead of adding one to the
 * first page's preload list.
 */
export function ReasonModal({
  open,
  title,
  okText,
  label,
  extra,
  max,
  name = 'reason',
  formName,
  required = true,
  requiredMessage,
  danger = required,
  autoFocus,
  fieldErrors,
  pending,
  onCancel,
  onSubmit,
}: ReasonModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, string | undefined>>();
  const submit = async (values: Record<string, string | undefined>) => {
    try {
      await onSubmit((values[name] ?? '').trim());
    } catch (err) {
      if (fieldErrors) handleFormError(form, err);
    }
  };
  return (
    <Modal
      title={title}
      open={open}
      onCancel={onCancel}
      onOk={() => form.submit()}
      okText={okText}
      okButtonProps={{ danger, loading: pending }}
      cancelText={t('common.cancel')}
      destroyOnHidden
    >
      <Form form={form} name={formName} layout="vertical" initialValues={{ [name]: '' }} onFinish={submit} preserve={false} autoComplete="off">
        <Form.Item
          label={label}
          name={name}
          extra={extra}
          rules={[
            ...(required ? [{ required: true, whitespace: true, message: requiredMessage ?? t('validation.required') }] : []),
            {
              validator: async (_r, v: unknown) => {
                if (typeof v === 'string' && v.trim().length > max) throw new Error(t('validation.tooLong', { max }));
              },
            },
          ]}
        >
          <Input.TextArea rows={3} count={{ show: true, max }} autoFocus={autoFocus} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface SchemaNode {
  shape?: Record<string, SchemaNode>;
  maxLength?: number | null;
  unwrap?: () => SchemaNode;
}

/**
 * The most characters a call's text field takes, read from its contract schema (for fields whose contract names no
 * constant). Throws when the field has none, so a form cannot silently lose its limit when the contract changes.
 */
export function inputMax(call: { input: unknown }, field: string): number {
  let node = (call.input as SchemaNode).shape?.[field];
  while (node && typeof node.maxLength !== 'number' && node.unwrap) node = node.unwrap();
  const max = node?.maxLength;
  if (typeof max !== 'number') throw new Error(`no maximum length for ${field}`);
  return max;
}
