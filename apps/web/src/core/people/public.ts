/** The people kernel: employee and department look-ups, the department tree, and faces (photos, archives, terminals). */
export * from './api';
export * from './EmployeeSelect';
export * from './FacePhotoField';
export * from './FaceSyncOfPerson';
export * from './FaceThumb';
export * from './FaceZipModal';
export * from './faceSync';
export * from './facesApi';
export * from './tree';
