/** What other features use of accounts: the change-password form (the forced password update). */
export { ChangePasswordForm } from './components/ChangePasswordForm';
