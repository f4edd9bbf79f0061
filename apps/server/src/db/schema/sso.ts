import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './accounts.js';
import { id, timestamps, tstz } from './columns.js';
import { employees } from './people.js';
import { roles } from './roles.js';

/** A company's identity providers (docs/modules/sso.md). The client secret is sealed with the server's key. */
export const ssoConnections = pgTable(
  'sso_connections',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    protocol: text('protocol').notNull(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    /** Sealed; '' for a public client (PKCE alone). */
    clientSecret: text('client_secret').notNull().default(''),
    /** SAML: the provider's sign-on address (HTTP-Redirect binding), entity ID and signing certificate (PEM, public). */
    entryPoint: text('entry_point').notNull().default(''),
    idpEntityId: text('idp_entity_id').notNull().default(''),
    idpCert: text('idp_cert').notNull().default(''),
    scopes: text('scopes').notNull(),
    claims: jsonb('claims').$type<{ email: string; phone: string; name: string; empNo: string; groups: string }>().notNull(),
    jit: boolean('jit').notNull().default(false),
    jitDepartmentId: integer('jit_department_id'),
    roleMap: jsonb('role_map').$type<{ group: string; roleId: number }[]>().notNull().default([]),
    required: boolean('required').notNull().default(false),
    lastSignInAt: tstz('last_sign_in_at'),
    createdBy: text('created_by').notNull().default(''),
    ...timestamps,
  },
  (t) => [index('sso_connections_company_idx').on(t.companyId)],
);

/** Who a provider's subject is: linked at the first sign-in, so a changed e-mail or phone still finds the employee. */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    id: id(),
    companyId: integer('company_id').notNull(),
    connectionId: integer('connection_id')
      .notNull()
      .references(() => ssoConnections.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    empId: integer('emp_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    lastSignInAt: tstz('last_sign_in_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sso_identities_subject_uq').on(t.connectionId, t.subject), index('sso_identities_emp_idx').on(t.empId)],
);

/**
 * A sign-in on its way through a provider: the state handed to the provider is the key (kept hashed), taken once.
 * Holds the PKCE verifier and the OpenID nonce, which never leave the server, and the tab's nonce it must come back with.
 */
export const ssoFlows = pgTable(
  'sso_flows',
  {
    stateHash: text('state_hash').primaryKey(),
    companyId: integer('company_id').notNull(),
    connectionId: integer('connection_id').notNull(),
    target: text('target').notNull(),
    browserNonce: text('browser_nonce').notNull(),
    verifier: text('verifier').notNull(),
    oidcNonce: text('oidc_nonce').notNull(),
    /** SAML: the AuthnRequest's ID, which the answer must be InResponseTo. */
    requestId: text('request_id').notNull().default(''),
    /** SAML: the checked answer's attributes, kept here (never in the browser) until the tab finishes. */
    profile: jsonb('profile').$type<Record<string, unknown>>(),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [index('sso_flows_expires_idx').on(t.expiresAt)],
);

/**
 * What an identity provider provisions over SCIM 2.0 (docs/modules/scim.md): a User is an employee, a Group a role.
 * These rows hold what SCIM names and the employee or role does not: the userName (unique in the company, any case),
 * the provider's externalId and the resource's version. Deleting the employee or the role drops its row.
 */
export const scimUsers = pgTable(
  'scim_users',
  {
    id: id(),
    companyId: integer('company_id').notNull(),
    empId: integer('emp_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    userName: text('user_name').notNull(),
    externalId: text('external_id').notNull().default(''),
    /** The name's parts as the provider sent them (the employee keeps the whole name), so a patch of one part composes. */
    nameParts: jsonb('name_parts').$type<{ givenName?: string; familyName?: string }>().notNull().default({}),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [uniqueIndex('scim_users_emp_uq').on(t.empId), uniqueIndex('scim_users_user_name_uq').on(t.companyId, sql`lower(${t.userName})`)],
);

export const scimGroups = pgTable(
  'scim_groups',
  {
    id: id(),
    companyId: integer('company_id').notNull(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull().default(''),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [uniqueIndex('scim_groups_role_uq').on(t.roleId), index('scim_groups_company_idx').on(t.companyId)],
);
