/** The visitor's safety induction player, run by the kiosk and the invitation page. */
export * from './InductionPlayer';
