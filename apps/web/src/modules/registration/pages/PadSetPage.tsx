import { RightOutlined, SettingOutlined } from '@ant-design/icons';
import { labelIn } from '@openvisit/contract';
import { Button, Card, Col, Empty, Flex, List, Row, Skeleton, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useUserInfo } from '../../../core/company/public';
import { kioskCompanyName } from '../../../core/kioskFace/public';
import { useVisitorTypes } from '../../../core/sites/public';
import { PageHeader } from '../../../platform/components/PageHeader';
import { useLang } from '../../../platform/i18n';
import { CardStyleForm } from '../components/CardStyleForm';
import { GatesPanel } from '../components/GatesPanel';
import { KioskSettings } from '../components/KioskSettings';
import { KioskPreviewCard } from '../components/Previews';

const TABS = ['kiosk', 'badge', 'types', 'gates'] as const;
type Tab = (typeof TABS)[number];

/** The visitor types at a glance, with the way to the visitor-type screen (vset). */
function TypesSummary() {
  const { t } = useTranslation();
  const lang = useLang();
  const types = useVisitorTypes();
  return (
    <Card
      size="small"
      title={t('registration.padset.typesCount', { count: types.data?.length ?? 0 })}
      extra={
        <Link to="../vset" relative="path" data-testid="manage-types">
          <Button type="primary" icon={<SettingOutlined />}>
            {t('registration.padset.manageTypes')}
          </Button>
        </Link>
      }
    >
      <Typography.Paragraph type="secondary">{t('registration.padset.typesIntro')}</Typography.Paragraph>
      {types.isPending ? (
        <Skeleton active />
      ) : (types.data ?? []).length === 0 ? (
        <Empty description={t('registration.padset.noTypes')} />
      ) : (
        <List
          size="small"
          dataSource={types.data ?? []}
          data-testid="types-summary"
          renderItem={(type) => (
            <List.Item extra={<RightOutlined />}>
              <Link to={`../vset?tid=${type.tid}`} relative="path">
                <Typography.Text strong>{labelIn(type.vType, lang)}</Typography.Text>
              </Link>
              <Flex gap={4} wrap style={{ marginInlineStart: 12 }}>
                {type.reasons.slice(0, 4).map((r) => (
                  <Tag key={r}>{labelIn(r, lang)}</Tag>
                ))}
                <Tag color="blue">{t('registration.padset.typeFields', { count: type.fields.length })}</Tag>
              </Flex>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

/**
 * Setting › registration settings (padset, spec section 2): the kiosk's pictures, colour, options and terms beside
 * a live preview of its home screen; the badge style beside a preview at the paper's proportions; the visitor types
 * (edited on the hidden vset screen); and the gates. The tab is kept in the URL.
 */
export function PadSetPage() {
  const { t } = useTranslation();
  const info = useUserInfo();
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'kiosk';
  const settings = info.data;
  const company = settings ? kioskCompanyName(settings) : '';
  const [themeDraft, setThemeDraft] = useState<string | undefined>(undefined);

  return (
    <>
      <PageHeader
        title={t('registration.padset.title')}
        extra={<Typography.Text type="secondary">{t('registration.padset.intro')}</Typography.Text>}
      />
      {!settings ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Tabs
          activeKey={tab}
          onChange={(key) =>
            setParams(
              (p) => {
                const next = new URLSearchParams(p);
                next.set('tab', key);
                return next;
              },
              { replace: true },
            )
          }
          items={[
            {
              key: 'kiosk',
              label: t('registration.padset.tabs.kiosk'),
              children: (
                <Row gutter={[24, 16]}>
                  <Col xs={24} xl={14}>
                    <KioskSettings settings={settings} onThemeDraft={setThemeDraft} />
                  </Col>
                  <Col xs={24} xl={10}>
                    <div style={{ position: 'sticky', top: 16 }}>
                      <KioskPreviewCard settings={settings} company={company} themeDraft={themeDraft} />
                    </div>
                  </Col>
                </Row>
              ),
            },
            { key: 'badge', label: t('registration.padset.tabs.badge'), children: <CardStyleForm settings={settings} company={company} /> },
            { key: 'types', label: t('registration.padset.tabs.types'), children: <TypesSummary /> },
            { key: 'gates', label: t('registration.padset.tabs.gates'), children: <GatesPanel /> },
          ]}
        />
      )}
    </>
  );
}
