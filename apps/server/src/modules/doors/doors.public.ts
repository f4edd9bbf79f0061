/** What other modules may use of modules/doors: the only file they import from it. */
export { signInAtDoor, signOutAtDoor } from './doors.signIn.js';
