/** What other features use of visits: the visit drawer (residents' visit records). */
export { VisitDrawer } from './components/VisitDrawer';
