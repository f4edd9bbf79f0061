/** What other features use of visits: the visit drawer (desk, residents) and the on-site count (statistics). */
export { usePeopleCounting } from './api';
export { VisitDrawer } from './components/VisitDrawer';
