/** What other features use of residents: the list and decisions (suppliers' workers, door rights) and the drawer. */
export { useDecideResidents, useResidentPage } from './api';
export { ResidentDrawer } from './components/ResidentDrawer';
