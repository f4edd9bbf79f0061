import { Card, Col, Progress, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';

/** Online and offline counts of every device of the company (not only the filtered page), with the online share once any reported. */
export function SummaryTiles({ online, offline, loading }: { online: number; offline: number; loading: boolean }) {
  const { t } = useTranslation();
  const total = online + offline;
  // A 0 % gauge before any device has reported reads as "everything is down".
  const tile = total ? 8 : 12;
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      <Col xs={12} md={tile}>
        <Card size="small" data-testid="monitor-online">
          <Statistic title={t('monitor.online')} value={online} loading={loading} valueStyle={{ color: '#237804' }} />
        </Card>
      </Col>
      <Col xs={12} md={tile}>
        <Card size="small" data-testid="monitor-offline">
          <Statistic title={t('monitor.offline')} value={offline} loading={loading} valueStyle={{ color: offline ? '#a8071a' : undefined }} />
        </Card>
      </Col>
      {total ? (
        <Col xs={24} md={8}>
          <Card size="small" style={{ height: '100%' }}>
            <Progress
              type="dashboard"
              size={72}
              percent={Math.round((online / total) * 100)}
              aria-label={`${t('monitor.online')} ${online} / ${total}`}
              strokeColor="#389e0d"
            />
          </Card>
        </Col>
      ) : null}
    </Row>
  );
}
