/**
 * The desk's camera (a USB webcam) through the page's own media API: Chromium and Electron give the
 * same `getUserMedia`, and Electron's shell allows the camera to the desk's own page only. A still
 * is the video's current frame drawn to a canvas and written as JPEG, the size the camera gives.
 */
export async function openCamera(): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia({ video: { width: { ideal: 1280 }, height: { ideal: 720 } }, audio: false });
}

export function closeCamera(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** Resolves once the video shows a frame (a still taken before would be black). */
export function whenShowing(video: HTMLVideoElement): Promise<void> {
  if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && video.videoWidth > 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = () => {
      video.removeEventListener('loadeddata', done);
      video.removeEventListener('error', failed);
      resolve();
    };
    const failed = () => {
      video.removeEventListener('loadeddata', done);
      video.removeEventListener('error', failed);
      reject(new CameraFailure('noPicture'));
    };
    video.addEventListener('loadeddata', done);
    video.addEventListener('error', failed);
  });
}

export interface Still {
  dataUrl: string;
  base64: string;
}

export function takeStill(video: HTMLVideoElement): Still {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const g = canvas.getContext('2d');
  if (!g) throw new CameraFailure('noPicture');
  g.drawImage(video, 0, 0, canvas.width, canvas.height);
  const dataUrl = canvas.toDataURL('image/jpeg', 0.88);
  return { dataUrl, base64: dataUrl.slice(dataUrl.indexOf(',') + 1) };
}

export type CameraProblem = 'notAllowed' | 'notFound' | 'inUse' | 'noPicture' | 'other';

/** A failure of the desk's own making (no frame to take), named as the clerk's message names it. */
export class CameraFailure extends Error {
  constructor(readonly problem: CameraProblem) {
    super(problem);
  }
}

/** Why the camera could not be used, from the media API's error names, as the clerk can act on it. */
export function cameraProblem(error: unknown): { problem: CameraProblem; detail: string } {
  const detail = error instanceof Error ? error.message : String(error);
  if (error instanceof CameraFailure) return { problem: error.problem, detail };
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return { problem: 'notAllowed', detail };
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return { problem: 'notFound', detail };
  if (name === 'NotReadableError' || name === 'AbortError') return { problem: 'inUse', detail };
  return { problem: 'other', detail };
}
