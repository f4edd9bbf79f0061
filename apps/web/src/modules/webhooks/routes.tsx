import type { ScreenEntry } from '../../platform/routes';

/**
 * Settings › integrations (/integrations): the webhook endpoints, an endpoint's delivery log and the event catalogue.
 * The section's index opens its first screen.
 */
export const integrationsSection: ScreenEntry = {
  path: 'integrations',
  titleKey: 'menu.integrations',
  icon: 'ApiOutlined',
  roles: ['manager'],
  group: 'settings',
  children: [
    {
      path: 'webhooks',
      titleKey: 'menu.webhooks',
      area: 'integrations',
      icon: 'SendOutlined',
      roles: ['manager'],
      page: () => import('./pages/WebhooksPage').then((m) => m.WebhooksPage),
    },
    {
      path: 'webhooks/:id',
      titleKey: 'menu.webhook',
      area: 'integrations',
      roles: ['manager'],
      hideInMenu: true,
      page: () => import('./pages/DeliveryLogPage').then((m) => m.DeliveryLogPage),
    },
    {
      path: 'events',
      titleKey: 'menu.webhookEvents',
      area: 'integrations',
      icon: 'UnorderedListOutlined',
      roles: ['manager'],
      page: () => import('./pages/EventsPage').then((m) => m.EventsPage),
    },
  ],
};
