import { LISTED_REMARK_MAX } from '@openvisit/contract';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleFormError } from '../../../platform/fieldErrors';
import { isDuplicate, useAddListed } from '../api';
import type { ListKind } from '../kinds';
import { useListRules } from '../rules';
import { useOfferScreening, useScreeningOff } from './ScreeningSwitch';

interface Values {
  name: string;
  phone: string;
  credentialNo: string;
  remark: string;
}

const EMPTY: Values = { name: '', phone: '', credentialNo: '', remark: '' };

/** Adds a person to the blacklist or whitelist, checked as typed by the server's rules. */
export function ListedPersonModal({ kind, open, onClose }: { kind: ListKind; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rules = useListRules();
  const add = useAddListed(kind);
  const [form] = Form.useForm<Values>();
  const [duplicate, setDuplicate] = useState(false);
  const screeningOff = useScreeningOff();
  const offerScreening = useOfferScreening();

  const submit = async (v: Values) => {
    setDuplicate(false);
    const body = { name: v.name.trim(), phone: v.phone.trim(), credentialNo: v.credentialNo.trim(), remark: v.remark.trim() };
    try {
      await add.mutateAsync(body);
      void message.success(t(`blacklist.${kind}.added`, { name: body.name }));
      onClose();
      // Listed while screening is off, the person would still walk in: say so at once and offer to switch it on.
      if (kind === 'black' && screeningOff) offerScreening(t('blacklist.screening.offerAfterAdd', { name: body.name }));
    } catch (err) {
      if (isDuplicate(err)) setDuplicate(true);
      else handleFormError(form, err);
    }
  };

  return (
    <Modal
      title={t(`blacklist.${kind}.addTitle`)}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: add.isPending }}
      destroyOnHidden
    >
      {duplicate ? (
        <Alert type="error" showIcon data-testid="listed-duplicate" style={{ marginBottom: 16 }} title={t(`blacklist.${kind}.duplicate`)} />
      ) : null}
      <Form
        form={form}
        name={`listed-${kind}`}
        layout="vertical"
        initialValues={EMPTY}
        onFinish={submit}
        onValuesChange={(changed: Partial<Values>) => {
          if ('phone' in changed || 'credentialNo' in changed) setDuplicate(false);
        }}
        autoComplete="off"
      >
        <Form.Item label={t('blacklist.fields.name')} name="name" rules={rules.name()}>
          <Input />
        </Form.Item>
        <Form.Item label={t('blacklist.fields.phone')} name="phone" rules={rules.phone()} dependencies={['credentialNo']}>
          <Input inputMode="tel" />
        </Form.Item>
        <Form.Item
          label={t('blacklist.fields.credentialNo')}
          name="credentialNo"
          rules={rules.credentialNo()}
          extra={t('blacklist.help.credentialNo')}
        >
          <Input />
        </Form.Item>
        <Form.Item label={t('blacklist.fields.remark')} name="remark" rules={rules.remark()}>
          <Input.TextArea rows={3} maxLength={LISTED_REMARK_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
