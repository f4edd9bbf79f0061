import { FEATURE_FLAGS } from '@openvisit/contract';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Flex, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfig } from '../../../platform/config';

interface Health {
  status: string;
  database?: string;
}

async function fetchHealth(): Promise<Health> {
  const res = await fetch('/healthz', { headers: { accept: 'application/json' } });
  const body = (await res.json().catch(() => ({ status: 'unavailable' }))) as Health;
  return res.ok ? body : { ...body, status: 'unavailable' };
}

/** /config: read-only facts about this installation, for whoever sets it up or supports it. */
export function InstallationPage() {
  const { t } = useTranslation();
  const config = useConfig();
  const health = useQuery({ queryKey: ['healthz'], queryFn: fetchHealth, retry: false, staleTime: 10_000 });

  const healthText = health.isPending ? (
    <Tag>{t('auth.config.healthChecking')}</Tag>
  ) : health.data?.status === 'ok' ? (
    <Tag color="success">{t('auth.config.healthOk', { database: health.data.database ?? '?' })}</Tag>
  ) : (
    <Tag color="error">{t('auth.config.healthDown')}</Tag>
  );

  return (
    <>
      <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>
        {t('auth.config.title')}
      </Typography.Title>
      {config.data ? (
        <Descriptions
          column={1}
          bordered
          size="small"
          items={[
            { key: 'version', label: t('auth.config.version'), children: config.data.version },
            { key: 'site', label: t('auth.config.siteLabel'), children: config.data.siteLabel },
            {
              key: 'captcha',
              label: t('auth.config.captcha'),
              children: config.data.captcha ? <Tag color="blue">{t('auth.config.captchaOn')}</Tag> : <Tag>{t('auth.config.captchaOff')}</Tag>,
            },
            { key: 'health', label: t('auth.config.health'), children: healthText },
            {
              key: 'features',
              label: t('auth.config.features'),
              children: (
                <Flex vertical gap={4} data-testid="feature-list">
                  {FEATURE_FLAGS.map((flag) => {
                    const on = config.data.features[flag] === true;
                    return (
                      <Flex key={flag} justify="space-between" gap={8}>
                        <span>{t(`enums.feature.${flag}`)}</span>
                        <Tag color={on ? 'success' : 'default'}>{on ? t('auth.config.featureOn') : t('auth.config.featureOff')}</Tag>
                      </Flex>
                    );
                  })}
                </Flex>
              ),
            },
          ]}
        />
      ) : (
        <Skeleton active />
      )}
      <div style={{ textAlign: 'center', marginTop: 16 }}>
        <Link to="/signin">{t('auth.config.back')}</Link>
      </div>
    </>
  );
}
