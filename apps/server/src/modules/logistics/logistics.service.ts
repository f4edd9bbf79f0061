/** What other modules may ask of logistics: a barrier's plate read (doors), a driver's induction (questionnaires). */
export { driverOf, matchPlate } from './logistics.gate.js';
