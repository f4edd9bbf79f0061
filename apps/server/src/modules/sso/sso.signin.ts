import { type ImSignInTarget, normalizePhone, Status } from '@openvisit/contract';
import type { Config } from '../../config.js';
import { type EmployeeRow, employeesRepository } from '../../core/people/people.public.js';
import { AppError } from '../../platform/http/errors.js';
import { randomToken, type SecretBox, safeEqual, sha256 } from '../../platform/identity/crypto.js';
import { type SystemScope, scopeForCompany, type TenantScope } from '../../platform/identity/tenancy.js';
import { applyMappedRoles } from '../roles/roles.public.js';
import { authorizationUrl, signedInClaims } from './sso.oidc.js';
import { type ConnectionRow, ssoRepository } from './sso.repository.js';
import { samlAnswer, samlStart } from './sso.saml.js';
import { clientOf, reachOf, redirectUriOf, samlIdpOf } from './sso.service.js';
import { type FlowRow, ssoFlowsRepository } from './sso.system.repository.js';

/** What a public sign-in needs: no session, the company comes from the call or the state. */
export interface SsoDeps {
  system: SystemScope;
  config: Pick<Config, 'publicUrl' | 'allowPrivateEndpoints' | 'contacts'>;
  secrets: SecretBox;
}

const FLOW_MS = 10 * 60_000;

/** The enabled connections a company's sign-in page offers, and whether one stands instead of passwords. */
export async function ssoOptions(scope: TenantScope) {
  const on = (await ssoRepository(scope).connections()).filter((c) => c.enabled);
  return {
    connections: on.map((c) => ({ id: c.id, name: c.name, protocol: c.protocol === 'saml' ? ('saml' as const) : ('oidc' as const) })),
    required: on.some((c) => c.required),
  };
}

/** Whether passwords give way to a provider for the company's employees and staff accounts. */
export const ssoRequired = (scope: TenantScope): Promise<boolean> => ssoRepository(scope).required();

async function enabledConnection(scope: TenantScope, id: number): Promise<ConnectionRow> {
  const c = await ssoRepository(scope).connection(id);
  if (!c?.enabled) throw new AppError(Status.SSO_OFF);
  return c;
}

/** The provider's page, the flow kept server-side under the state's hash: verifier and nonce never reach the browser. */
export async function ssoStart(
  deps: SsoDeps,
  input: { companyId: number; connectionId: number; target: ImSignInTarget; nonce: string },
): Promise<string> {
  const c = await enabledConnection(scopeForCompany(deps.system, input.companyId), input.connectionId);
  const state = randomToken(32);
  const start =
    c.protocol === 'saml'
      ? { ...(await samlStart(samlIdpOf(c), deps.config, state)), verifier: '', oidcNonce: '' }
      : {
          ...(await authorizationUrl(clientOf(deps.secrets, c), reachOf(deps.config), {
            redirectUri: redirectUriOf(deps.config),
            scopes: c.scopes,
            state,
          })),
          requestId: '',
        };
  await ssoFlowsRepository(deps.system).insert({
    stateHash: sha256(state),
    companyId: input.companyId,
    connectionId: c.id,
    target: input.target,
    browserNonce: input.nonce,
    verifier: start.verifier,
    oidcNonce: start.oidcNonce,
    requestId: start.requestId,
    profile: null,
    expiresAt: new Date(Date.now() + FLOW_MS),
  });
  return start.url;
}

/**
 * A SAML provider's answer posted to our Assertion Consumer Service: checked against the flow its RelayState names
 * (unexpired, unanswered, its AuthnRequest's ID) and kept in the flow; answers where to send the browser, the tab
 * finishing with its nonce as after an OpenID Connect provider. A refused answer leaves the flow unanswered, so the
 * tab's finish is 1411; the reason is thrown for the log.
 */
export async function samlAcs(deps: SsoDeps, input: { samlResponse: string; relayState: string }): Promise<string> {
  const back = `${redirectUriOf(deps.config)}?${new URLSearchParams({ state: input.relayState })}`;
  const flows = ssoFlowsRepository(deps.system);
  const flow = input.relayState ? await flows.find(sha256(input.relayState)) : undefined;
  if (!flow || flow.profile) return back;
  const c = await ssoRepository(scopeForCompany(deps.system, flow.companyId)).connection(flow.connectionId);
  if (!c?.enabled || c.protocol !== 'saml') return back;
  const profile = await samlAnswer(samlIdpOf(c), deps.config, input.samlResponse, flow.requestId);
  await flows.answer(flow.stateHash, profile);
  return back;
}

/** Who the provider says signed in, read through the connection's claim names. */
export interface SsoPerson {
  companyId: number;
  target: ImSignInTarget;
  subject: string;
  /** '' when absent or when the provider says it is not verified: an unverified address matches nobody. */
  email: string;
  phone: string;
  name: string;
  username: string;
  employee: EmployeeRow | null;
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const groupsOf = (v: unknown): string[] => (Array.isArray(v) ? v.map(text).filter(Boolean) : text(v) ? [text(v)] : []);

function personOf(c: ConnectionRow, claims: Record<string, unknown>) {
  const of = (name: string) => (name ? claims[name] : undefined);
  const given = text(of(c.claims.email)) || (c.protocol === 'saml' && /^[^@\s]+@[^@\s]+$/.test(text(claims.sub)) ? text(claims.sub) : '');
  const email = claims.email_verified === false ? '' : given.slice(0, 254);
  const phoneRaw = text(of(c.claims.phone));
  return {
    subject: text(claims.sub),
    email,
    phone: phoneRaw ? (normalizePhone(phoneRaw) ?? '') : '',
    name: text(of(c.claims.name)).slice(0, 64),
    empNo: text(of(c.claims.empNo)).slice(0, 64),
    username: text(claims.preferred_username).slice(0, 254),
    groups: groupsOf(of(c.claims.groups)),
  };
}

type Claimed = ReturnType<typeof personOf>;

/** An employee the directory lacks, made as the connection allows: named, reachable, in its department. */
async function created(scope: TenantScope, c: ConnectionRow, p: Claimed): Promise<EmployeeRow> {
  const repo = employeesRepository(scope);
  const values = { name: p.name || p.email.split('@')[0] || p.username || p.subject.slice(0, 64), email: p.email, phone: p.phone };
  // A work number another employee holds is left out rather than refusing the person.
  const emp = await repo.insert({ ...values, empNo: p.empNo }).catch(() => repo.insert(values));
  if (c.jitDepartmentId !== null) await repo.setDepartments(emp.id, [c.jitDepartmentId]).catch(() => undefined);
  return emp;
}

/**
 * The employee a provider's person is: the one linked to the subject, else the single one with the verified e-mail,
 * else the one with the phone, else (employees' sign-in, where the connection allows it) a new one. Linked at once, so
 * a later change of e-mail or phone still finds them; the mapped roles follow the groups claim at every sign-in.
 */
async function employeeOf(scope: TenantScope, c: ConnectionRow, p: Claimed, mayCreate: boolean): Promise<EmployeeRow | null> {
  const sso = ssoRepository(scope);
  const people = employeesRepository(scope);
  const linked = await sso.linkedEmployee(c.id, p.subject);
  let emp = linked ? await people.byId(linked) : undefined;
  if (!emp && p.email) {
    const byEmail = await people.byEmail(p.email);
    emp = byEmail.length === 1 ? byEmail[0] : undefined;
  }
  if (!emp && p.phone) emp = await people.byPhone(p.phone);
  if (!emp && mayCreate && c.jit) emp = await created(scope, c, p);
  if (!emp) return null;
  await sso.link(c.id, p.subject, emp.id);
  if (c.roleMap.length) {
    const wanted = c.roleMap.filter((r) => p.groups.includes(r.group)).map((r) => r.roleId);
    await applyMappedRoles(
      scope,
      emp.id,
      c.roleMap.map((r) => r.roleId),
      wanted,
    );
  }
  return emp;
}

/** What the provider vouched for: the SAML answer the flow keeps, or the OpenID Connect code exchanged now. */
async function claimsOf(deps: SsoDeps, c: ConnectionRow, flow: FlowRow, query: string, state: string): Promise<Record<string, unknown>> {
  if (c.protocol === 'saml') {
    if (!flow.profile) throw new AppError(Status.SSO_FAILED);
    return flow.profile;
  }
  return signedInClaims(clientOf(deps.secrets, c), reachOf(deps.config), {
    redirectUri: redirectUriOf(deps.config),
    query,
    state,
    verifier: flow.verifier,
    oidcNonce: flow.oidcNonce,
  });
}

/**
 * The provider's answer taken once: the flow its state names (unexpired), begun in this tab (its nonce), on a
 * connection still enabled; the code exchanged and the ID token checked by openid-client.
 */
export async function ssoFinish(deps: SsoDeps, input: { query: string; nonce: string }): Promise<SsoPerson> {
  const state = new URLSearchParams(input.query.replace(/^\?/, '')).get('state') ?? '';
  const flow = state ? await ssoFlowsRepository(deps.system).take(sha256(state)) : undefined;
  if (!flow || !safeEqual(flow.browserNonce, input.nonce)) throw new AppError(Status.SSO_FAILED);
  const scope = scopeForCompany(deps.system, flow.companyId);
  const c = await enabledConnection(scope, flow.connectionId);
  const claims = await claimsOf(deps, c, flow, input.query.replace(/^\?/, ''), state);
  const p = personOf(c, claims);
  if (!p.subject) throw new AppError(Status.SSO_FAILED, 'the provider named no subject');
  const target = flow.target === 'staff' ? 'staff' : 'employee';
  const employee = await employeeOf(scope, c, p, target === 'employee');
  await ssoRepository(scope).signedIn(c.id);
  return { companyId: flow.companyId, target, subject: p.subject, email: p.email, phone: p.phone, name: p.name, username: p.username, employee };
}

/** Flows never finished are forgotten once expired. */
export const pruneFlows = (system: SystemScope) => ssoFlowsRepository(system).prune();
