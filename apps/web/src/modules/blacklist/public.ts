/** What other features use of the watchlists: why screening held a visit (the visit drawer). */
export { VisitScreening } from './components/VisitScreening';
