import { Alert, Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundPage } from './guards';

/**
 * Shown when a screen fails to load or render (e.g. a chunk gone after an upgrade): offer a reload. Part of the first
 * page's chunk, not lazy, since it must show when chunks cannot be fetched; an Alert, not antd's Result, whose
 * illustrations weigh more than the rest of this page.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <Flex justify="center" style={{ padding: '48px 16px' }}>
      <Alert
        type="error"
        showIcon
        title={t('http.500')}
        description={error instanceof Error ? error.message : undefined}
        action={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('common.retry')}
          </Button>
        }
      />
    </Flex>
  );
}
