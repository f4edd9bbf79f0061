import type { FacePersonKind } from '@openvisit/contract';

/**
 * The number a person bears on a device (Hikvision's employeeNo, ZKTeco's PIN), and the rule that tells OpenVisit's
 * people from those the site enrolled by hand: a readback repairs only numbers of ours, never anyone else's.
 *
 * - Hikvision takes any string up to 32 characters: `OV` + the kind's letter + the id (`OVE42`, `OVV1031`, `OVR7`).
 * - ZKTeco firmware often takes digits only: `9` + the kind's digit + the id in ten digits (`910000000042`).
 */
const LETTER: Record<FacePersonKind, string> = { employee: 'E', visitor: 'V', resident: 'R' };
const DIGIT: Record<FacePersonKind, string> = { employee: '1', visitor: '2', resident: '3' };
const KIND_OF_LETTER = new Map(Object.entries(LETTER).map(([k, v]) => [v, k as FacePersonKind]));
const KIND_OF_DIGIT = new Map(Object.entries(DIGIT).map(([k, v]) => [v, k as FacePersonKind]));

export type NumberScheme = 'letters' | 'digits';

export function personNo(scheme: NumberScheme, kind: FacePersonKind, id: number): string {
  return scheme === 'letters' ? `OV${LETTER[kind]}${id}` : `9${DIGIT[kind]}${String(id).padStart(10, '0')}`;
}

/** The person a number of ours names, or null for a number the site gave (not ours to touch). */
export function personOfNo(scheme: NumberScheme, no: string): { kind: FacePersonKind; id: number } | null {
  const m = scheme === 'letters' ? /^OV([EVR])([1-9]\d{0,9})$/.exec(no) : /^9([123])(\d{10})$/.exec(no);
  const kind = m?.[1] && (scheme === 'letters' ? KIND_OF_LETTER : KIND_OF_DIGIT).get(m[1]);
  const id = Number(m?.[2]);
  return kind && Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? { kind, id } : null;
}
