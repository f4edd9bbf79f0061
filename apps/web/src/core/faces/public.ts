/** Face photos: one person's (employees, suppliers' workers), the batch archive, the checks of a file before upload. */
export * from './FacePhotoField';
export * from './FaceThumb';
export * from './FaceZipModal';
export * from './facesApi';
