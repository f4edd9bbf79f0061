import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { Alert, Descriptions, Drawer, Flex, List, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../platform/format';
import { useAnswerResult } from '../api';
import { letter } from '../questionForm';
import { PaperStateTag, scoreText } from './PaperBits';

/** One answer paper: who, when, the score, and each question with its options, the right and the chosen marked. */
export function PaperDrawer({ pid, onClose }: { pid: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const paper = useAnswerResult(pid);
  const p = paper.data;
  return (
    <Drawer open={pid !== null} onClose={onClose} size={640} title={t('questionnaires.report.paper')} destroyOnHidden>
      {paper.isPending ? <Skeleton active /> : null}
      {paper.isError ? <Alert type="error" showIcon title={t('questionnaires.report.paperFailed')} /> : null}
      {p ? (
        <Flex vertical gap={16} data-testid="paper-detail">
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('questionnaires.report.visitor')}>{p.name || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('questionnaires.report.phone')}>{p.phone || p.email || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('questionnaires.report.questionnaire')} span={2}>
              {p.title} (v{p.version})
            </Descriptions.Item>
            <Descriptions.Item label={t('questionnaires.report.started')}>{formatDateTime(p.startTime)}</Descriptions.Item>
            <Descriptions.Item label={t('questionnaires.report.submitted')}>{formatDateTime(p.submitTime)}</Descriptions.Item>
            <Descriptions.Item label={t('questionnaires.report.score')}>
              {scoreText(p.totalScore, p.fullScore)} ({t('questionnaires.report.passMark', { score: p.passScore })})
            </Descriptions.Item>
            <Descriptions.Item label={t('questionnaires.report.state')}>
              <PaperStateTag state={p.state} />
            </Descriptions.Item>
            {p.validUntil ? (
              <Descriptions.Item label={t('questionnaires.report.validUntil')} span={2}>
                {formatDateTime(p.validUntil)}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          <List
            dataSource={p.answers}
            locale={{ emptyText: t('questionnaires.report.noAnswers') }}
            renderItem={(a) => (
              <List.Item key={a.qdid} style={{ display: 'block' }}>
                <Flex justify="space-between" gap={8} align="flex-start" wrap>
                  <Typography.Text strong>
                    {a.position + 1}. {a.question}
                  </Typography.Text>
                  <Tag color={a.correct ? 'success' : 'error'} icon={a.correct ? <CheckCircleFilled /> : <CloseCircleFilled />}>
                    {t('questionnaires.report.gained', { gained: a.gained, score: a.score })}
                  </Tag>
                </Flex>
                {a.picture ? (
                  <img src={a.picture} alt={t('questionnaires.question.picturePreview')} style={{ maxWidth: 240, maxHeight: 160, marginTop: 8 }} />
                ) : null}
                <ul style={{ listStyle: 'none', paddingLeft: 0, margin: '8px 0 0' }}>
                  {a.options.map((o, i) => {
                    const right = a.answer.includes(i);
                    const chosen = a.chosen.includes(i);
                    return (
                      <li key={o} style={{ padding: '2px 0' }}>
                        <Typography.Text type={chosen && !right ? 'danger' : undefined} strong={right}>
                          {letter(i)}. {o}
                        </Typography.Text>{' '}
                        {right ? <Tag color="success">{t('questionnaires.report.right')}</Tag> : null}
                        {chosen ? <Tag color={right ? 'blue' : 'error'}>{t('questionnaires.report.chosen')}</Tag> : null}
                      </li>
                    );
                  })}
                </ul>
              </List.Item>
            )}
          />
        </Flex>
      ) : null}
    </Drawer>
  );
}
