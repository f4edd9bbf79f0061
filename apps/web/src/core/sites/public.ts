/** The sites kernel: gates, visitor types and registration fields, which most features read (registration writes them). */
export * from './api';
