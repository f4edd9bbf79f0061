/** What other features use of residents: the residents' list (door rights), the supplier companies (verification accounts). */
export { useResidentPage } from './api';
export { useSuppliers } from './api.suppliers';
