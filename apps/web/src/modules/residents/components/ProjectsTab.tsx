import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { type ResidentProject, Status } from '@openvisit/contract';
import { App, Button, Card, Empty, Flex, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/apiError';
import { ConfirmDelete } from '../../../platform/components/ConfirmDelete';
import { formatDate } from '../../../platform/format';
import { FitTable } from '../../../platform/list';
import { useDeleteProject, useProjects } from '../api';
import { ProjectModal } from './ProjectModal';

/** The company's projects: add, edit, and delete (kept while resident visitors belong to one: 58). */
export function ProjectsTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const projects = useProjects();
  const remove = useDeleteProject();
  const [modal, setModal] = useState<{ open: boolean; key: number; project: ResidentProject | null }>({ open: false, key: 0, project: null });
  const open = (project: ResidentProject | null) => setModal((m) => ({ open: true, key: m.key + 1, project }));

  const del = async (p: ResidentProject) => {
    try {
      await remove.mutateAsync(p.pid);
      void message.success(t('residents.projects.deleted', { name: p.pName }));
    } catch (err) {
      if (err instanceof ApiError && err.status === Status.UPDATE_NOT_ALLOWED)
        void message.warning(t('residents.projects.inUse', { count: p.residents }));
    }
  };

  return (
    <Card>
      <Flex justify="flex-end" style={{ marginBottom: 16 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)}>
          {t('residents.projects.add')}
        </Button>
      </Flex>
      <FitTable<ResidentProject>
        rowKey="pid"
        size="middle"
        loading={projects.isFetching}
        dataSource={projects.data ?? []}
        pagination={false}
        locale={{
          emptyText: projects.isPending ? (
            <div style={{ height: 120 }} />
          ) : (
            <Empty description={t('residents.projects.empty')}>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)}>
                {t('residents.projects.add')}
              </Button>
            </Empty>
          ),
        }}
        columns={[
          { key: 'pName', title: t('residents.projects.columns.name'), dataIndex: 'pName', kind: 'name', fixed: 'left' },
          { key: 'leader', title: t('residents.projects.columns.leader'), dataIndex: 'leader', kind: 'name' },
          { key: 'phone', title: t('residents.projects.columns.phone'), dataIndex: 'phone', kind: 'phone' },
          { key: 'area', title: t('residents.projects.columns.area'), dataIndex: 'area', kind: 'text' },
          {
            key: 'period',
            title: t('residents.projects.columns.period'),
            kind: 'date',
            width: 216,
            render: (_: unknown, p) => `${formatDate(p.startDate)} – ${formatDate(p.endDate)}`,
          },
          { key: 'residents', title: t('residents.projects.columns.residents'), dataIndex: 'residents', kind: 'number', width: 104 },
          {
            key: 'actions',
            title: t('residents.projects.columns.actions'),
            kind: 'actions',
            width: 96,
            render: (_: unknown, p) => (
              <Flex gap={4}>
                <Tooltip title={t('common.edit')}>
                  <Button type="text" icon={<EditOutlined />} aria-label={`${t('common.edit')} ${p.pName}`} onClick={() => open(p)} />
                </Tooltip>
                <ConfirmDelete title={t('residents.projects.deleteConfirm', { name: p.pName })} onConfirm={() => del(p)}>
                  <Tooltip title={t('common.delete')}>
                    <Button type="text" danger icon={<DeleteOutlined />} aria-label={`${t('common.delete')} ${p.pName}`} />
                  </Tooltip>
                </ConfirmDelete>
              </Flex>
            ),
          },
        ]}
      />
      <ProjectModal key={modal.key} open={modal.open} project={modal.project} onClose={() => setModal((m) => ({ ...m, open: false }))} />
    </Card>
  );
}
