import { labelIn, type VisitorType } from '@openvisit/contract';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVisitorTypes } from '../../../../core/sites/public';
import { useLang } from '../../../../platform/i18n';
import { FitTable } from '../../../../platform/list';
import { useSetVisitorTypeGroups, useVisitorTypeGroups } from '../../api';
import { GroupTags, SetGroupsDialog } from './GroupTags';

/** Visitor types and the groups their visits are granted (a company has a handful: one table, no pages). */
export function TypeRights() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lang = useLang();
  const types = useVisitorTypes();
  const tids = (types.data ?? []).map((v) => v.tid);
  const grants = useVisitorTypeGroups(tids);
  const save = useSetVisitorTypeGroups();
  const [editing, setEditing] = useState<{ type: VisitorType; egids: number[] } | null>(null);
  const egidsOf = new Map((grants.data ?? []).map((g) => [g.tid, g.egids]));
  const done = async (egids: number[]) => {
    if (!editing) return;
    try {
      await save.mutateAsync({ tid: editing.type.tid, egids });
      void message.success(t('devices.rights.saved', { count: 1 }));
      setEditing(null);
    } catch {
      // shown by the error policy
    }
  };
  return (
    <>
      <FitTable<VisitorType>
        rowKey="tid"
        loading={types.isPending || (tids.length > 0 && grants.isPending)}
        dataSource={types.data ?? []}
        pagination={false}
        locale={{ emptyText: t('devices.rights.emptyTypes') }}
        columns={[
          { key: 'name', title: t('devices.rights.cols.visitorType'), kind: 'name', render: (_v, v) => labelIn(v.vType, lang) },
          { key: 'groups', title: t('devices.rights.cols.groups'), kind: 'text', render: (_v, v) => <GroupTags egids={egidsOf.get(v.tid) ?? []} /> },
          {
            key: 'actions',
            title: t('devices.list.columns.actions'),
            kind: 'actions',
            width: 160,
            render: (_v, v) => (
              <Button
                type="link"
                size="small"
                disabled={!grants.data}
                onClick={() => setEditing({ type: v, egids: egidsOf.get(v.tid) ?? [] })}
                aria-label={`${t('devices.rights.setGroups')} ${labelIn(v.vType, lang)}`}
              >
                {t('devices.rights.setGroups')}
              </Button>
            ),
          },
        ]}
      />
      {editing ? (
        <SetGroupsDialog
          open
          title={t('devices.rights.setGroupsOf', { name: labelIn(editing.type.vType, lang) })}
          current={[editing.egids]}
          saving={save.isPending}
          onSave={done}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}
