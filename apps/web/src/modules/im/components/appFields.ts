import {
  checkDdAgentId,
  checkDdAppKey,
  checkDdCardTemplate,
  checkDdSecret,
  checkEndpoint,
  checkFeishuAppId,
  checkImSecret,
  checkWeComAesKey,
  checkWeComAgentId,
  checkWeComCorpId,
  checkWeComToken,
  IM_ID_FIELD,
  IM_SIGNIN,
  type ImApp,
  type ImAppFields,
  type ImPlatform,
  type ImSignIn,
  imAppProblems,
} from '@openvisit/contract';

/** One field of an app's form: its name in the call, the contract's check, whether it is write-only. */
export interface AppField {
  name: string;
  check: (s: string) => string | null;
  secret?: boolean;
  max: number;
  placeholder?: string;
}

export const APP_FIELDS: Record<ImPlatform, AppField[]> = {
  dingtalk: [
    { name: 'appKey', check: checkDdAppKey, max: 64 },
    { name: 'appSecret', check: checkDdSecret, secret: true, max: 128 },
    { name: 'agentId', check: checkDdAgentId, max: 20 },
    { name: 'cardTemplateId', check: checkDdCardTemplate, max: 80, placeholder: 'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx.schema' },
  ],
  feishu: [
    { name: 'appId', check: checkFeishuAppId, max: 20, placeholder: 'cli_0123456789abcdef' },
    { name: 'appSecret', check: checkImSecret, secret: true, max: 128 },
  ],
  wecom: [
    { name: 'corpId', check: checkWeComCorpId, max: 18, placeholder: 'ww0123456789abcdef' },
    { name: 'agentId', check: checkWeComAgentId, max: 10 },
    { name: 'secret', check: checkImSecret, secret: true, max: 128 },
    { name: 'callbackToken', check: checkWeComToken, secret: true, max: 32 },
    { name: 'encodingAesKey', check: checkWeComAesKey, secret: true, max: 43 },
  ],
};
export const API_BASE: AppField = { name: 'apiBase', check: checkEndpoint, max: 200, placeholder: 'https://' };

/** The form's name of the app's id on the platform. */
export const ID_FIELD = IM_ID_FIELD;

export type Values = Record<string, string | undefined>;
/** A text field's value, trimmed ('' when empty). */
export const str = (v: Values, name: string): string => {
  return (v[name] ?? '').trim();
};

export function initialValues(app: ImApp): Values {
  const v: Values = { apiBase: app.apiBase, signIn: app.signIn };
  const stored: Record<string, string> = { [ID_FIELD[app.platform]]: app.appId, agentId: app.agentId, cardTemplateId: app.cardTemplateId };
  for (const f of APP_FIELDS[app.platform]) v[f.name] = f.secret ? '' : (stored[f.name] ?? '');
  return v;
}

/** The call's fields from the form: secrets only when typed (empty keeps the stored ones). */
export function toInput(platform: ImPlatform, v: Values): ImAppFields {
  const out: Record<string, unknown> = { platform, apiBase: str(v, 'apiBase') };
  if (v.signIn) out.signIn = v.signIn;
  for (const f of APP_FIELDS[platform]) {
    const value = str(v, f.name);
    if (!f.secret || value) out[f.name] = value;
  }
  return out as ImAppFields;
}

/**
 * What the server would refuse of the form as it stands on save (imAppProblems over the typed values and the stored
 * secrets, and the company's other apps for "one platform required").
 */
export function formProblems(app: ImApp, v: Values, others: readonly ImApp[] = []): Map<string, string> {
  const id = ID_FIELD[app.platform];
  const idKept = str(v, id) === app.appId;
  const secrets = Object.fromEntries(
    APP_FIELDS[app.platform].filter((f) => f.secret).map((f) => [f.name, !!str(v, f.name) || (idKept && app.secrets[f.name] === true)]),
  );
  const next: ImApp = {
    ...app,
    appId: str(v, id),
    agentId: str(v, 'agentId'),
    signIn: (IM_SIGNIN as readonly string[]).includes(v.signIn ?? '') ? (v.signIn as ImSignIn) : app.signIn,
    secrets,
  };
  return new Map(imAppProblems(next, others).map((p) => [p.field, p.rule]));
}
