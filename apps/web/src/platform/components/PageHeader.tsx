import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** The one page header: title and the page's actions on the right (the document title comes from the route table). */
export function PageHeader({ title, actions, extra }: { title: string; actions?: ReactNode; extra?: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
      <Flex vertical>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {extra}
      </Flex>
      {actions ? <Flex gap={8}>{actions}</Flex> : null}
    </Flex>
  );
}
