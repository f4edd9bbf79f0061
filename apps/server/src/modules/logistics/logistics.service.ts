/** What other modules may ask of logistics: a barrier's plate read (doors). */
export { matchPlate } from './logistics.gate.js';
