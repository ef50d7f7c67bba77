import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/**
 * Debian's ffmpeg (`apt-get install ffmpeg`: /usr/bin/ffprobe and /usr/bin/ffmpeg) checks and
 * thumbnails uploaded videos (docs/decisions/312-intro-video.md). Both run as child processes on
 * a file, with a time limit, never through a shell; their output is parsed, never trusted.
 */
const run = promisify(execFile);

const PROBE_TIMEOUT_MS = 30_000;
const THUMBNAIL_TIMEOUT_MS = 60_000;
/** The thumbnail's width; the height follows the video's shape (even, as encoders want). */
const THUMBNAIL_WIDTH = 640;

export interface VideoProbe {
  /** Seconds, as the container says (fractions kept). */
  durationSeconds: number;
  width: number;
  height: number;
}

export interface VideoTools {
  /** What the file holds, or null when it is no video ffprobe can read (or has no picture). */
  probe(path: string): Promise<VideoProbe | null>;
  /** Writes one JPEG frame of the video at `atSeconds` to `outPath`, THUMBNAIL_WIDTH wide. */
  thumbnail(path: string, outPath: string, atSeconds: number): Promise<void>;
}

interface ProbeOutput {
  format?: { duration?: string };
  streams?: { codec_type?: string; width?: number; height?: number }[];
}

/** The tools at `ffprobe` and `ffmpeg` on the PATH, or at the paths given. */
export function videoTools(paths: { ffprobe?: string; ffmpeg?: string } = {}): VideoTools {
  const ffprobe = paths.ffprobe ?? 'ffprobe';
  const ffmpeg = paths.ffmpeg ?? 'ffmpeg';
  return {
    async probe(path) {
      let stdout: string;
      try {
        ({ stdout } = await run(
          ffprobe,
          [
            '-v',
            'error',
            '-show_entries',
            'format=duration:stream=codec_type,width,height',
            '-of',
            'json',
            path,
          ],
          { timeout: PROBE_TIMEOUT_MS, maxBuffer: 1024 * 1024 },
        ));
      } catch (error) {
        // ffprobe exits 1 on a file it cannot read: not a video. A missing binary is our fault.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error;
        return null;
      }
      const output = JSON.parse(stdout) as ProbeOutput;
      const video = output.streams?.find((stream) => stream.codec_type === 'video');
      const durationSeconds = Number(output.format?.duration);
      if (!video || !Number.isFinite(durationSeconds) || durationSeconds <= 0) return null;
      return { durationSeconds, width: video.width ?? 0, height: video.height ?? 0 };
    },
    async thumbnail(path, outPath, atSeconds) {
      await run(
        ffmpeg,
        [
          '-v',
          'error',
          '-y',
          '-ss',
          atSeconds.toFixed(3),
          '-i',
          path,
          '-frames:v',
          '1',
          '-vf',
          `scale=${THUMBNAIL_WIDTH}:-2`,
          '-q:v',
          '4',
          outPath,
        ],
        { timeout: THUMBNAIL_TIMEOUT_MS, maxBuffer: 1024 * 1024 },
      );
    },
  };
}
