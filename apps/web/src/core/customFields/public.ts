/** The console's one renderer of a custom field and its values (visitor types' and logistics types' fields). */
export * from './CustomFieldItem';
export * from './values';
