/** What other modules may use of modules/interimCards: the only file they import from it. */

export { cardApproval } from './interimCards.approval.js';
export { exportCards } from './interimCards.export.js';
export * as interimCards from './interimCards.service.js';
