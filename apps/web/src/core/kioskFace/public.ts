/** The kiosk's face (start screen, top bar), drawn by the kiosk and previewed by the registration settings. */
export * from './KioskFace';
export * from './KioskFacePreview';
