/** The visitor badge: drawn and printed by the kiosk, the front desk and the badge page, previewed in the settings. */
export * from './Badge';
export { badgeSize } from './size';
