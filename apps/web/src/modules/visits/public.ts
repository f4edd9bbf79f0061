/** What other features use of visits: the visit drawer (the desk, residents). */
export { VisitDrawer } from './components/VisitDrawer';
