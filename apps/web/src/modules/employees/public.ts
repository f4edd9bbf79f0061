/** What other features use of employees: a sub-company's employees, and the directory sync forms (notifications). */
export { useSubCompanyEmployees } from './api';
export { DingTalkForm, RtxForm } from './components/DirectorySyncForms';
export { useContactSync } from './syncApi';
