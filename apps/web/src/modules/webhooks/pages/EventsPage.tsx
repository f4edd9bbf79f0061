import { EVENT_TYPES, eventCatalogue, exampleEvent, withColon } from '@openvisit/contract';
import { Card, Collapse, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../platform/components/PageHeader';
import { useLang } from '../../../platform/i18n';

/** Settings › integrations › event catalogue: every event, when it happens, and an example body to copy. */
export function EventsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <>
      <PageHeader title={t('webhooks.events.title')} extra={<Typography.Text type="secondary">{t('webhooks.events.intro')}</Typography.Text>} />
      <Card>
        <Collapse
          items={EVENT_TYPES.map((type) => {
            const def = eventCatalogue[type];
            const example = JSON.stringify(exampleEvent(type), null, 2);
            return {
              key: type,
              label: (
                <Flex gap={8} wrap align="center">
                  <Typography.Text strong>{def.label[lang]}</Typography.Text>
                  <Typography.Text code>{type}</Typography.Text>
                  {type === 'webhook.test' && <Tag bordered={false}>{t('webhooks.events.testOnly')}</Tag>}
                </Flex>
              ),
              children: (
                <Flex vertical gap={8}>
                  <Typography.Text>
                    {withColon(t('webhooks.events.when'))}
                    {def.when[lang]}
                  </Typography.Text>
                  <Typography.Text type="secondary">{t('webhooks.events.example')}</Typography.Text>
                  <Typography.Paragraph copyable={{ text: example }} style={{ margin: 0 }}>
                    <pre style={{ margin: 0, maxHeight: 360, overflow: 'auto' }}>{example}</pre>
                  </Typography.Paragraph>
                </Flex>
              ),
            };
          })}
        />
      </Card>
    </>
  );
}
