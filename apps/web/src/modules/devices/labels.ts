/** Text keys of the numeric codes the contract answers (etype, enterStatus, status, onlineStatus). */
export const PERSON_KIND_KEYS = ['everyone', 'staff', 'visitors', 'special'] as const;
export const personKindKey = (etype: number) => PERSON_KIND_KEYS[etype] ?? 'special';
export const directionKey = (d: number) => (d === 2 ? 'out' : 'in');
export const statusKey = (s: number) => (s ? 'disabled' : 'enabled');
export const onlineKey = (o: number) => (o ? 'online' : 'offline');
