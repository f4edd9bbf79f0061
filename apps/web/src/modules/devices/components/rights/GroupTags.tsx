import { App, Flex, Modal, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGroups } from '../../api';

/** The granted groups by name, as tags ("—" when none). */
export function GroupTags({ egids }: { egids: readonly number[] }) {
  const groups = useGroups();
  const name = new Map((groups.data ?? []).map((g) => [g.egid, g.egname]));
  if (!egids.length) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Flex gap={4} wrap>
      {egids.map((g) => (
        <Tag key={g} style={{ marginInlineEnd: 0 }}>
          {name.get(g) ?? g}
        </Tag>
      ))}
    </Flex>
  );
}

/** The groups all of these people hold (what the dialog starts from). */
function shared(current: readonly (readonly number[])[]): number[] {
  const [first, ...rest] = current;
  return (first ?? []).filter((g) => rest.every((egids) => egids.includes(g)));
}

/**
 * Sets exactly the groups of the people chosen (one or many). Taking a group away from someone who holds it asks
 * first, saying how many grants go.
 */
export function SetGroupsDialog({
  open,
  title,
  current,
  saving,
  onSave,
  onClose,
}: {
  open: boolean;
  title: string;
  /** Each chosen person's groups now. */
  current: readonly (readonly number[])[];
  saving: boolean;
  onSave: (egids: number[]) => unknown;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const groups = useGroups();
  const [value, setValue] = useState<number[]>(() => shared(current));
  const submit = () => {
    const removed = current.reduce((n, egids) => n + egids.filter((g) => !value.includes(g)).length, 0);
    if (!removed) return void onSave(value);
    modal.confirm({
      title: t('devices.rights.removeTitle'),
      content: t('devices.rights.removeConfirm', { count: removed, people: current.length }),
      okText: t('devices.rights.removeOk'),
      okButtonProps: { danger: true },
      onOk: () => onSave(value),
    });
  };
  return (
    <Modal open={open} title={title} onOk={submit} onCancel={onClose} confirmLoading={saving} okText={t('devices.rights.save')} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('devices.rights.dialogIntro', { count: current.length })}</Typography.Paragraph>
      <label htmlFor="rights-groups" style={{ display: 'block', marginBottom: 8 }}>
        {t('devices.rights.groups')}
      </label>
      <Select<number[]>
        id="rights-groups"
        mode="multiple"
        allowClear
        style={{ width: '100%' }}
        loading={groups.isPending}
        value={value}
        onChange={setValue}
        placeholder={t('devices.rights.noGroups')}
        optionFilterProp="label"
        options={(groups.data ?? []).map((g) => ({ value: g.egid, label: g.egname }))}
        data-testid="rights-groups"
      />
    </Modal>
  );
}
