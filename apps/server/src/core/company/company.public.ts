/** The company kernel every module reads: the company's row and parsed settings, and its sub-companies' look-ups. */
export type { CompanyRow } from './company.repository.js';
export { company, patchSettings, settingsIn, settingsOf, settingsOfRow, updateCompany } from './company.settings.js';
export { staffPerGate, staffPerSupplier } from './company.staff.js';
export { activeSubCompanies, directory, mayInvite, needsAuthorisation, subCompanyRow, today, visitable } from './company.subCompanies.js';
