// What other areas show of the evidence: the intake's and an order's camera (F8 takes, F9 keeps), a return's photos, and claim packs.
export { IntakeCamera } from './IntakeCamera';
export { ReturnPhotos, type PhotoLine } from './ReturnPhotos';
export { OrderPhotos } from './OrderPhotos';
