/**
 * What other modules use of approvals: the visit flows submit visits and ask whether one waits; roles asks whether a
 * role approves anywhere. The calls themselves bind to approvals.areas and approvals.flow.
 */
export { roleInUse } from './approvals.areas.js';
export { isWaiting, submit } from './approvals.flow.js';
