export * from './accounts.js';
export * from './auth.js';
export * from './blacklist.js';
export * from './contacts.js';
export * from './people.js';
export * from './platform.js';
export * from './registration.js';
export * from './roles.js';
