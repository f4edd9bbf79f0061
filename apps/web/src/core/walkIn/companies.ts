import type { PadCompany } from '@openvisit/contract';

/**
 * How the building's desk and kiosk name a sub-company and its floor (multi-company mode): the name with its short
 * name, and a floor typed as a number read as one ("Floor 10") while anything else ("B1", "12F") stays as typed.
 */
export const companyLabel = (c: Pick<PadCompany, 'companyName' | 'shortName'>) =>
  c.shortName && c.shortName !== c.companyName ? `${c.companyName} (${c.shortName})` : c.companyName;

export const floorLabel = (floor: string, numbered: (floor: string) => string) => (/^\d+$/.test(floor) ? numbered(floor) : floor);

/** Room numbers as a list in the reader's language. */
export const roomsLabel = (rooms: readonly string[], lang: string) => rooms.join(lang === 'zh' ? '、' : ', ');
