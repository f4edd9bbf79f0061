import type { PublicEntry } from '../../app/routes/types';

/** The visitor's invitation page (public: the link's token is the key). */
export const invitationScreens: readonly PublicEntry[] = [
  { path: '/invite', titleKey: 'invitations.page.title', page: () => import('./pages/InvitationPage').then((m) => m.InvitationPage) },
];
