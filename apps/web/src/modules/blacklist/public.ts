/** What other features use of the watchlists: why screening held a visit (the visit drawer), and whether it waits. */
export { useVisitScreening, VisitScreening } from './components/VisitScreening';
