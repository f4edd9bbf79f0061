/** The visit kernel: query keys, who is on site, and the status tag features show (the list's pieces: core/visitList). */
export * from './api';
export * from './VisitStatusTag';
