import type { CallOutput, getCardInfo } from '@openvisit/contract';
import { bareToken, type CardLink } from './link';

export type CardInfo = CallOutput<typeof getCardInfo>;

/** Why the badge is not shown: a status the server answered, a transport failure, or a link without a visit. */
export type Refusal = { status: number; reason: string } | { http: number } | { noVisit: true };

export type CardAnswer = { info: CardInfo } | { refusal: Refusal };

const TOKEN_HEADER = 'X-COOLVISIT-TOKEN';
/** Status 28 (no token), as the server answers a call without one: the page does not ask without a token. */
const TOKEN_MISSING = 28;

/**
 * The names of the downloads the badge's pictures come from (the contract's `visitPhoto`, `padLogo`, `padPicture`;
 * card.test.tsx checks they still are): named here so the page does not load the contract's schemas.
 */
export const PICTURE_DOWNLOADS = { photo: 'VisitorPhoto', logo: 'PadLogo', picture: 'PadPicture' } as const;

/**
 * What the badge of the link's visit shows, asked as the app would (`/qcvisit/getCardInfo`, its token as it keeps
 * it): the server reads the token's three forms, refuses a prefix naming another account or company (27) and a
 * `userid` other than the session's company (610), and answers 1117 for a visit that is not the company's.
 */
export async function fetchCardInfo(link: CardLink): Promise<CardAnswer> {
  if (!link.token) return { refusal: { status: TOKEN_MISSING, reason: 'No token' } };
  if (!link.vid) return { refusal: { noVisit: true } };
  const body: Record<string, unknown> = { vid: link.vid };
  if (link.userid) body.userid = /^\d{1,10}$/.test(link.userid) ? Number(link.userid) : link.userid;
  let response: Response;
  try {
    response = await fetch('/qcvisit/getCardInfo', {
      method: 'POST',
      headers: { 'content-type': 'application/json', [TOKEN_HEADER]: link.token },
      body: JSON.stringify(body),
    });
  } catch {
    return { refusal: { http: 0 } };
  }
  const env = (await response.json().catch(() => null)) as { status?: unknown; reason?: unknown; result?: unknown } | null;
  if (!env || typeof env.status !== 'number') return { refusal: { http: response.ok ? -1 : response.status } };
  if (env.status !== 0) return { refusal: { status: env.status, reason: typeof env.reason === 'string' ? env.reason : '' } };
  return { info: env.result as CardInfo };
}

export interface CardPictures {
  photo: string | null;
  logo: string | null;
  fixedPhoto: string | null;
}

/** A picture as an object URL (fetched with the session's bare token), or null: a badge prints without it. */
async function picture(url: string, token: string): Promise<string | null> {
  try {
    const response = await fetch(url, { headers: { [TOKEN_HEADER]: token } });
    if (!response.ok || (response.headers.get('content-type') ?? '').includes('json')) return null;
    return URL.createObjectURL(await response.blob());
  } catch {
    return null;
  }
}

/** The visitor's photo, the company logo and the fixed picture the badge may show, fetched together. */
export async function fetchPictures(info: CardInfo, token: string): Promise<CardPictures> {
  const bare = bareToken(token);
  const s = info.settings;
  const key = (k: string) => `?key=${encodeURIComponent(k)}`;
  const [photo, logo, fixedPhoto] = await Promise.all([
    info.visit.vphoto ? picture(`/api/${PICTURE_DOWNLOADS.photo}?vid=${info.visit.vid}`, bare) : null,
    s.logo ? picture(`/api/${PICTURE_DOWNLOADS.logo}${key(s.logo)}`, bare) : null,
    s.defaultPhoto ? picture(`/api/${PICTURE_DOWNLOADS.picture}${key(s.defaultPhoto)}`, bare) : null,
  ]);
  return { photo, logo, fixedPhoto };
}
