// What other areas show of the evidence: the intake's camera (F8 takes, F9 keeps) and a return's photos with its claim pack.
export { IntakeCamera } from './IntakeCamera';
export { ReturnPhotos, type PhotoLine } from './ReturnPhotos';
