/**
 * The duration the browser reads from a chosen video's metadata (record 312: the server
 * measures again with ffprobe; this only spares the tutor a long upload that would be refused).
 */

/** A file whose metadata has not loaded by then is treated as unreadable. */
const METADATA_TIMEOUT_MS = 15_000;

/**
 * The duration in seconds the browser reads from the file's metadata, or null when it cannot
 * (not a video it plays, a broken file, a live stream without an end).
 */
export function readVideoDuration(file: Blob): Promise<number | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    const finish = (seconds: number | null) => {
      clearTimeout(timer);
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
      resolve(seconds !== null && Number.isFinite(seconds) && seconds > 0 ? seconds : null);
    };
    const timer = setTimeout(() => finish(null), METADATA_TIMEOUT_MS);
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () => finish(video.duration);
    video.onerror = () => finish(null);
    video.src = url;
  });
}
