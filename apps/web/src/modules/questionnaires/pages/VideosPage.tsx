import { DeleteOutlined, PlayCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Status, type TrainingVideo } from '@openvisit/contract';
import { App, Button, Card, Flex, Modal, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/apiError';
import { ConfirmDelete } from '../../../platform/components/ConfirmDelete';
import { PageHeader } from '../../../platform/components/PageHeader';
import { formatDateTime } from '../../../platform/format';
import { type ListColumn, ListSearch, ListTable, useListPage, useListQuery } from '../../../platform/list';
import { formatBytes, formatPlayTime, useDeleteVideo, useVideosPage, videoParams } from '../api.videos';
import { VideoUploadModal } from './VideoUploadModal';

/** The names of the questionnaires a refusal (692) or a row lists. */
const namesOf = (usedBy: readonly { title: string }[]) => usedBy.map((q) => `“${q.title}”`).join(', ');

/** Questionnaire › training videos (/question/detail): the list, upload with progress, a player and delete. */
export function VideosPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const list = useListQuery(videoParams);
  const filters = list.values;
  const page = useVideosPage(filters);
  const table = useListPage(list, page, { stepBack: true });
  const remove = useDeleteVideo();
  // A new key per opening: the dialog and its form start afresh.
  const [uploading, setUploading] = useState({ open: false, key: 0 });
  const [playing, setPlaying] = useState<TrainingVideo | null>(null);

  const deleteVideo = async (video: TrainingVideo) => {
    try {
      await remove.mutateAsync(video.id);
      void message.success(t('questionnaireVideos.deleted'));
    } catch (err) {
      if (err instanceof ApiError && !err.isTransport && err.status === Status.VIDEO_IN_USE) {
        const usedBy = (err.result as { usedBy?: { title: string }[] } | null)?.usedBy ?? video.usedBy;
        void message.error(t('questionnaireVideos.inUse', { names: namesOf(usedBy) }));
      }
    }
  };

  const columns = useVideoColumns(setPlaying, (v) => void deleteVideo(v));
  const openUpload = () => setUploading((m) => ({ open: true, key: m.key + 1 }));
  const searched = filters.q !== '';
  return (
    <>
      <PageHeader
        title={t('questionnaireVideos.title')}
        extra={<Typography.Text type="secondary">{t('questionnaireVideos.intro')}</Typography.Text>}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={openUpload} data-testid="video-add">
            {t('questionnaireVideos.add')}
          </Button>
        }
      />
      <Card>
        <Flex gap={8} wrap style={{ marginBottom: 16 }}>
          <ListSearch
            label={t('questionnaireVideos.searchLabel')}
            placeholder={t('questionnaireVideos.search')}
            value={filters.q}
            width={300}
            onSearch={(q) => list.set({ q })}
          />
        </Flex>
        <ListTable<TrainingVideo>
          rowKey="id"
          {...table.props}
          totalText={(n) => t('questionnaireVideos.total', { count: n })}
          empty={searched ? t('questionnaireVideos.emptySearch') : t('questionnaireVideos.empty')}
          emptyAction={
            searched ? (
              <Button onClick={() => list.set({ q: '' })}>{t('questionnaireVideos.clearSearch')}</Button>
            ) : (
              <Button type="primary" icon={<PlusOutlined />} onClick={openUpload}>
                {t('questionnaireVideos.add')}
              </Button>
            )
          }
          columns={columns}
        />
      </Card>
      <VideoUploadModal key={uploading.key} open={uploading.open} onClose={() => setUploading((m) => ({ ...m, open: false }))} />
      <VideoPlayerModal video={playing} onClose={() => setPlaying(null)} />
    </>
  );
}

/** The list's columns: title, file, duration, size, the questionnaires showing it, upload time, play and delete. */
function useVideoColumns(onPlay: (v: TrainingVideo) => void, onDelete: (v: TrainingVideo) => void): ListColumn<TrainingVideo>[] {
  const { t } = useTranslation();
  return [
    { key: 'title', title: t('questionnaireVideos.columns.title'), dataIndex: 'title', kind: 'name', fixed: 'left' },
    { key: 'fileName', title: t('questionnaireVideos.columns.fileName'), dataIndex: 'fileName', kind: 'text' },
    {
      key: 'duration',
      title: t('questionnaireVideos.columns.duration'),
      dataIndex: 'durationMs',
      kind: 'number',
      render: (ms: number) => formatPlayTime(ms),
    },
    { key: 'size', title: t('questionnaireVideos.columns.size'), dataIndex: 'bytes', kind: 'number', render: (n: number) => formatBytes(n) },
    {
      key: 'usedBy',
      title: t('questionnaireVideos.columns.usedBy'),
      dataIndex: 'usedBy',
      kind: 'text',
      render: (usedBy: TrainingVideo['usedBy']) =>
        usedBy.length ? namesOf(usedBy) : <Typography.Text type="secondary">{t('questionnaireVideos.notUsed')}</Typography.Text>,
    },
    {
      key: 'createTime',
      title: t('questionnaireVideos.columns.createTime'),
      dataIndex: 'createTime',
      kind: 'dateTime',
      render: (ms: number) => formatDateTime(ms),
    },
    {
      key: 'actions',
      title: t('questionnaireVideos.columns.actions'),
      kind: 'actions',
      width: 96,
      render: (_: unknown, v) => (
        <Space size={0}>
          <Tooltip title={t('questionnaireVideos.play', { title: v.title })}>
            <Button
              type="text"
              icon={<PlayCircleOutlined />}
              aria-label={t('questionnaireVideos.play', { title: v.title })}
              onClick={() => onPlay(v)}
              data-testid="video-play"
            />
          </Tooltip>
          <ConfirmDelete
            title={t('questionnaireVideos.deleteConfirm', { title: v.title })}
            description={v.usedBy.length ? t('questionnaireVideos.deleteUsed', { names: namesOf(v.usedBy) }) : undefined}
            onConfirm={() => onDelete(v)}
          >
            <Tooltip title={t('common.delete')}>
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={`${t('common.delete')} ${v.title}`} />
            </Tooltip>
          </ConfirmDelete>
        </Space>
      ),
    },
  ];
}

/** The player: the signed link serves byte ranges, so it seeks and resumes without loading the whole file. */
function VideoPlayerModal({ video, onClose }: { video: TrainingVideo | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={video !== null}
      title={video ? t('questionnaireVideos.player', { title: video.title }) : ''}
      footer={null}
      width={800}
      onCancel={onClose}
      destroyOnHidden
    >
      {video ? (
        // biome-ignore lint/a11y/useMediaCaption: a training video uploaded by the company; it has no caption track to offer
        <video src={video.url} controls preload="metadata" style={{ width: '100%', maxHeight: '70vh' }} data-testid="video-player">
          {t('questionnaireVideos.playerUnsupported')}
        </video>
      ) : null}
    </Modal>
  );
}
