/** What other features use of approvals: a visit's approval history (the visit drawer). */
export { ApprovalHistory } from './components/ApprovalHistory';
