/** What other features use of devices: the devices, door gates and door groups (pass records, sub-companies). */
export { useDevices, useGates, useGroups } from './api';
