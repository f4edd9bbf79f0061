/** What other features use of suppliers: the supplier companies (a verification account's company). */
export { useSuppliers } from './api';
