/** The walk-in form's fields, values and checks, shared by the kiosk and the front desk. */
export * from './companies';
export * from './fields';
export * from './form';
